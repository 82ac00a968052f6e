import { useCallback, useEffect, useState } from 'react';

/** A countdown in whole seconds: `start()` begins it, `remaining` is 0 when idle. */
export function useCooldown(seconds: number) {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= until) setUntil(null);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback(() => {
    const begin = Date.now();
    setNow(begin);
    setUntil(begin + seconds * 1000);
  }, [seconds]);

  const remaining = until === null ? 0 : Math.max(1, Math.ceil((until - now) / 1000));
  return { remaining, start };
}
