/**
 * Settles a value after it stops changing for `delayMs`: `push` restarts the wait, `flush`
 * settles at once, `cancel` drops a pending value. Search boxes and the radius slider
 * use it so the API is asked once the user stops typing or dragging.
 */
export function createDebouncer<T>(delayMs: number, onSettle: (value: T) => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: { value: T } | null = null;
  const settle = () => {
    timer = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    onSettle(value);
  };
  return {
    push(value: T) {
      pending = { value };
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(settle, delayMs);
    },
    flush() {
      if (timer !== null) clearTimeout(timer);
      settle();
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = null;
    },
    get pending() {
      return pending !== null;
    },
  };
}
