import { rmSync } from 'node:fs';
import { percentile, round, startServer, tempDataDir } from './lib';

const PASSWORD = 'Bench-Passw0rd!';

async function createConfirmedUser(url: string, email: string) {
  const signup = await fetch(`${url}/api/auth/signup/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const mail = (await (await fetch(`${url}/api/dev/mail`)).json()) as { emails: { to: string; text: string }[] };
  const text = mail.emails.find((e) => e.to === email)?.text ?? '';
  const token = /confirm-email\/user\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error('confirmation link not found in the outbox');
  const confirm = await fetch(`${url}/api/auth/confirm-email/user/${token}`);
  if (!confirm.ok) throw new Error(`confirm failed: ${confirm.status}`);
}

async function login(url: string, email: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/auth/login/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, remember: true }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return performance.now() - t0;
}

/** Login through real HTTP: argon2id verification, token issue and the refresh-token write. */
export async function benchLoginLatency(opts: { databaseUrl?: string } = {}) {
  const dataDir = tempDataDir();
  const env: Record<string, string> = { RATE_LIMIT_AUTH_MAX: '1000000', RATE_LIMIT_GLOBAL_MAX: '1000000', DEMO_USER: 'false' };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  const server = await startServer({ port: 3412, dataDir, env });
  try {
    const email = `bench-${Date.now()}@example.com`;
    await createConfirmedUser(server.url, email);
    for (let i = 0; i < 10; i++) await login(server.url, email); // warm-up
    const sequential: number[] = [];
    for (let i = 0; i < 200; i++) sequential.push(await login(server.url, email));
    sequential.sort((a, b) => a - b);
    // Two clients at once, as many as there are cores.
    const concurrent: number[] = [];
    await Promise.all(
      [0, 1].map(async () => {
        for (let i = 0; i < 100; i++) concurrent.push(await login(server.url, email));
      }),
    );
    concurrent.sort((a, b) => a - b);
    return {
      name: `login latency (${opts.databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
      sequential: { n: sequential.length, p50Ms: round(percentile(sequential, 50)), p99Ms: round(percentile(sequential, 99)) },
      concurrency2: { n: concurrent.length, p50Ms: round(percentile(concurrent, 50)), p99Ms: round(percentile(concurrent, 99)) },
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
