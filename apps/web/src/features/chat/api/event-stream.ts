import { ApiError, apiResponse } from '@/lib/api-client';
import { type ParsedEvent, createSseParser } from '../lib/sse-parser';

/** Where a stream is: first connecting, open, or waiting to reconnect after a drop. */
export type StreamStatus = 'connecting' | 'open' | 'reconnecting';

interface StreamHandlers {
  /** The last message number seen: sent as Last-Event-ID, so the server replays what came after. */
  lastEventId: () => number | undefined;
  onEvent: (event: ParsedEvent) => void;
  onStatus: (status: StreamStatus) => void;
  /** A refusal that retrying will not change (403, 404, an expired session): the stream stops. */
  onFatal: (error: ApiError) => void;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * A chat stream read with fetch rather than EventSource (docs/decisions.md §27.2): the API
 * authenticates with the bearer token, which EventSource cannot send. It behaves like one:
 * Last-Event-ID on every reconnection, and a retry after a drop (1 s, doubling up to 10 s).
 * Returns the function that stops it.
 */
export function connectStream(path: string, handlers: StreamHandlers): () => void {
  const stop = new AbortController();
  const run = async () => {
    let attempt = 0;
    while (!stop.signal.aborted) {
      handlers.onStatus(attempt === 0 ? 'connecting' : 'reconnecting');
      try {
        const last = handlers.lastEventId();
        const res = await apiResponse(path, {
          accept: 'text/event-stream',
          headers: last !== undefined ? { 'Last-Event-ID': String(last) } : {},
          signal: stop.signal,
        });
        if (!res.body) throw new ApiError('Sin cuerpo', 0);
        handlers.onStatus('open');
        attempt = 0;
        const feed = createSseParser(handlers.onEvent);
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          feed(value);
        }
      } catch (err) {
        if (stop.signal.aborted) return;
        if (err instanceof ApiError && [401, 403, 404].includes(err.status)) {
          handlers.onFatal(err);
          return;
        }
      }
      if (stop.signal.aborted) return;
      attempt += 1;
      handlers.onStatus('reconnecting');
      await wait(Math.min(1000 * 2 ** (attempt - 1), 10_000), stop.signal);
    }
  };
  void run();
  return () => stop.abort();
}
