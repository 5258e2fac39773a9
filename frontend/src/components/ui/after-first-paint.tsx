import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children right after the page's first paint: for what lies below the first screen,
 * so that screen is drawn without waiting for it (a lazy child is only fetched then).
 */
export function AfterFirstPaint({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // the frame after the next one: the first screen has then been presented
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPainted(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted ? children : placeholder;
}
