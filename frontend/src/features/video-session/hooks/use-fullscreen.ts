import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Fullscreen for one element (the video stage): whether it is, and a toggle. */
export function useFullscreen(target: RefObject<HTMLElement | null>): {
  active: boolean;
  toggle: () => void;
  supported: boolean;
} {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [target]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void target.current?.requestFullscreen().catch(() => undefined);
  }, [target]);
  return { active, toggle, supported: typeof document !== 'undefined' && document.fullscreenEnabled };
}
