import { readFileSync } from 'node:fs';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeNow } from './local-server';

/** A recorded vendor answer under test/fixtures/maps-search/, as the exact text the vendor sent. */
export function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/maps-search/${name}`, import.meta.url), 'utf8');
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the fake answers: a fixture file, a raw text, or nothing at all ('hang', for timeouts); `delayMs` answers that much later. */
export type FakeReply = { status?: number; headers?: Record<string, string>; fixture?: string; raw?: string; delayMs?: number } | 'hang';

/**
 * A local stand-in for a maps search vendor (api.dataforseo.com, places.googleapis.com) on
 * 127.0.0.1. It records every request and answers with whatever `reply` says for it.
 */
export async function startFakeMapsVendor(initial: (req: RecordedRequest) => FakeReply) {
  let reply = initial;
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(recorded);
      const r = reply(recorded);
      if (r === 'hang') return; // keep the socket open and never answer
      const text = r.fixture !== undefined ? fixture(r.fixture) : (r.raw ?? '');
      const send = () => res.writeHead(r.status ?? 200, { 'content-type': 'application/json; charset=utf-8', ...r.headers }).end(text);
      if (r.delayMs) setTimeout(send, r.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    setReply(next: (req: RecordedRequest) => FakeReply) {
      reply = next;
    },
    close: () => closeNow(server),
  };
}
