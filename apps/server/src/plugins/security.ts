import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config';

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
  await app.register(helmet, {
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
}
