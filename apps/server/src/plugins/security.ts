import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * The headers helmet sets with these options, worked out once. They never vary by request,
 * but helmet builds them again on every call (the CSP string above all): that was a tenth of
 * a small API route's CPU.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => (failure = err));
  if (failure) throw failure instanceof Error ? failure : new Error('helmet refused the security options');
  return headers;
}

// A strict CSP: scripts only from our origin, no inline scripts. Extra sources are added
// only for the external services that configuration turns on.
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const scriptSrc = ["'self'"];
  const frameSrc: string[] = [];
  const connectSrc = ["'self'"];
  if (config.recaptcha) {
    scriptSrc.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    frameSrc.push('https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
  }
  if (config.googleClientId) {
    scriptSrc.push('https://accounts.google.com/gsi/client');
    frameSrc.push('https://accounts.google.com/gsi/');
    connectSrc.push('https://accounts.google.com/gsi/');
  }
  if (frameSrc.length === 0) frameSrc.push("'none'");
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.basemaps.cartocdn.com'],
        connectSrc,
        fontSrc: ["'self'", 'data:'],
        frameSrc,
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    // frame-ancestors 'none' says it to current browsers; X-Frame-Options says the same
    // (DENY, not helmet's SAMEORIGIN) to the ones that only know the older header.
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // On every answer (API, SPA files, errors, 404s), set before anything else runs.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
