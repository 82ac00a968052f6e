import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`: for countdowns and labels that change with the clock. */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
