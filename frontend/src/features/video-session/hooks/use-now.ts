import { useEffect, useState } from 'react';

/** The time, refreshed every `everyMs` while `running` (the session timer). */
export function useNow(running: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, everyMs);
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [running, everyMs]);
  return now;
}
