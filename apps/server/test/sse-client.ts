import http from 'node:http';
import { expect } from 'vitest';

/** One Server-Sent Event as a browser's EventSource would see it. */
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: unknown;
}

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  /** Comment lines received (heartbeats). */
  comments: string[];
  /** Waits until `predicate` holds for the events received so far. */
  waitFor(predicate: (events: SseEvent[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

/**
 * A real SSE client over HTTP to a listening server (docs/decisions.md §27.2): it parses the
 * stream as the WHATWG rules say (id, event, data lines, blank line ends an event).
 */
export function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        comments: [],
        async waitFor(predicate, timeoutMs = 5000) {
          await expect.poll(() => predicate(client.events), { timeout: timeoutMs, interval: 20 }).toBe(true);
        },
        close: () => req.destroy(),
      };
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | undefined;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) client.comments.push(line.slice(1).trim());
            else if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (data.length > 0) client.events.push({ id, event, data: JSON.parse(data.join('\n')) as unknown });
        }
      });
      res.on('error', () => undefined);
      resolve(client);
    });
    req.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(err);
    });
  });
}
