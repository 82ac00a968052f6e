import { type FastifyInstance, errorCodes } from 'fastify';
import { AppError } from '../errors';

// The JSON body parser of every route. It keeps Fastify's protection (secure-json-parse with
// its defaults, onProtoPoisoning and onConstructorPoisoning 'error': a body with an own
// `__proto__` key, or a `constructor` object with a `prototype` key, is refused before any
// handler sees it), but tells the client why: Fastify's own parser answers those bodies
// «no es un JSON válido» (FST_ERR_CTP_INVALID_JSON_BODY), which is false and leaves an API
// client guessing. Here they get 400 FORBIDDEN_KEY naming the key (docs/api.md «Errors»).
// Malformed and empty bodies keep Fastify's errors, so their answers do not change.

export const FORBIDDEN_KEY = (key: string) => `El cuerpo contiene una clave no permitida («${key}»).`;

// secure-json-parse's quick checks: only a text with one of these keys (also \u-escaped) is scanned.
const suspectProto =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;
const suspectConstructor =
  /"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072)"\s*:/;

const own = (node: object, key: string) => Object.prototype.hasOwnProperty.call(node, key);

/** The first key secure-json-parse would refuse in a parsed body, walked breadth first without recursion (a body may nest deeply). */
export function forbiddenKeyOf(parsed: unknown): '__proto__' | 'constructor' | null {
  let next: object[] = parsed !== null && typeof parsed === 'object' ? [parsed] : [];
  while (next.length) {
    const nodes = next;
    next = [];
    for (const node of nodes) {
      if (own(node, '__proto__')) return '__proto__';
      const ctor: unknown = own(node, 'constructor') ? (node as { constructor: unknown }).constructor : undefined;
      if (ctor !== null && typeof ctor === 'object' && own(ctor, 'prototype')) return 'constructor';
      for (const value of Object.values(node)) if (value !== null && typeof value === 'object') next.push(value as object);
    }
  }
  return null;
}

/** Parses a JSON body as Fastify does (BOM dropped, same errors), refusing prototype keys with FORBIDDEN_KEY. */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
  if (parsed === null || typeof parsed !== 'object' || (!suspectProto.test(body) && !suspectConstructor.test(body))) return parsed;
  const key = forbiddenKeyOf(parsed);
  if (key) throw new AppError('FORBIDDEN_KEY', FORBIDDEN_KEY(key), 400);
  return parsed;
}

/**
 * Replaces Fastify's default JSON parser on the root instance (so on every route). A plugin
 * that needs the raw body (the payment webhook) removes it in its own scope first.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
