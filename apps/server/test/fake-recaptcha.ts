import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

export interface SiteverifyRequest {
  method: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/** What the fake answers: Google's documented siteverify JSON, or a raw status/body. */
export type FakeAnswer = { json: Record<string, unknown>; status?: number } | { raw: string; status: number };

/**
 * A local stand-in for https://www.google.com/recaptcha/api/siteverify. It records each
 * form-encoded request and answers with the JSON shape Google documents:
 * {success, challenge_ts, hostname, 'error-codes'} (plus score and action for v3).
 */
export async function startFakeSiteverify(answer: (form: Record<string, string>) => FakeAnswer) {
  const requests: SiteverifyRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({ method: req.method, contentType: req.headers['content-type'], form });
      const a = answer(form);
      if ('raw' in a) {
        res.writeHead(a.status, { 'content-type': 'text/html' }).end(a.raw);
      } else {
        res.writeHead(a.status ?? 200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(a.json));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  afterAll(close);
  return { url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`, requests, close };
}

/** Accepts the token 'token-ok' (and only it), as Google would for a genuine one. */
export const googleLikeAnswer = (form: Record<string, string>): FakeAnswer =>
  form.response === 'token-ok'
    ? { json: { success: true, challenge_ts: '2025-01-15T10:00:00Z', hostname: 'rankmaps.es', score: 0.9, action: 'contact' } }
    : { json: { success: false, 'error-codes': ['invalid-input-response'] } };
