import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import { notFound } from './errors';

// Developer tools (docs/decisions.md §29.8): one switch, DEV_TOOLS=true. Off, their routes are
// never registered and answer the plain 404 of an unknown path; on, the outbox still answers
// only the machine the server runs on.

/** The flag `npm start` passes to the server: developer tools on unless DEV_TOOLS says otherwise. */
export const DEV_TOOLS_FLAG = '--dev-tools';

/**
 * The environment the server loads its configuration from: with `--dev-tools` on its command
 * line, DEV_TOOLS is true unless it is set (an explicit DEV_TOOLS=false wins, and a bad value
 * still stops the start). A flag, not an environment prefix in the start script, so the same
 * script works in every shell.
 */
export function envWithDevToolsFlag(env: NodeJS.ProcessEnv, argv: readonly string[]): NodeJS.ProcessEnv {
  if (!argv.includes(DEV_TOOLS_FLAG) || env.DEV_TOOLS) return env;
  return { ...env, DEV_TOOLS: 'true' };
}

/** What the start-up log lists: every development feature this configuration turns on. */
export function devFeatures(config: Pick<Config, 'devTools' | 'payments'>): string[] {
  if (!config.devTools) return [];
  return [
    'buzón de correo (/api/dev/mail, solo desde esta máquina)',
    'parámetros de desarrollo (/api/user/dev-params)',
    'ronda semanal a demanda (/api/dev/report-round)',
    'ronda de una campaña a demanda (/api/dev/campaign-round)',
    'avisos de créditos a demanda (/api/dev/credit-warnings)',
    'cambio simulado en la ficha de un negocio de demostración (/api/dev/listing-edit)',
    // With Stripe configured the payments are Stripe's, developer tools or not.
    ...(config.payments.sandboxEnabled ? ['pagos de prueba (/api/sandbox)'] : []),
  ];
}

/** The start-up line: which development features are on, or that none is. */
export function devFeaturesLine(config: Pick<Config, 'devTools' | 'payments'>): string {
  const features = devFeatures(config);
  return features.length
    ? `Herramientas de desarrollo activas (DEV_TOOLS=true): ${features.join('; ')}`
    : 'Herramientas de desarrollo: ninguna (DEV_TOOLS no es true)';
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
// Headers a reverse proxy adds when it relays a request.
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether a request comes from the machine the server runs on. The socket's own address, never
 * request.ip: with trustProxy, request.ip is read from X-Forwarded-For. And a loopback socket
 * that carries a forwarding header is a reverse proxy on this machine relaying someone else,
 * so it does not count either: behind a local nginx every client's socket is 127.0.0.1.
 */
export function isLoopbackRequest(request: Pick<FastifyRequest, 'socket' | 'headers'>): boolean {
  const address = request.socket.remoteAddress;
  if (!address || !LOOPBACK.has(address)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/** A route hook: any other client gets the 404 of a path that does not exist. */
export async function loopbackOnly(request: FastifyRequest): Promise<void> {
  if (!isLoopbackRequest(request)) throw notFound();
}
