import { useEffect, useState } from 'react';
import { createDebouncer } from './debounce';

/**
 * `value` once it has stopped changing for `delayMs` (fixed at mount); the first value is
 * returned at once. For search boxes and sliders that call the API.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const [debouncer] = useState(() => createDebouncer<T>(delayMs, (v) => setSettled(() => v)));
  // Settling on the value already shown renders nothing (React bails out on equal state).
  useEffect(() => {
    debouncer.push(value);
  }, [value, debouncer]);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  return settled;
}
