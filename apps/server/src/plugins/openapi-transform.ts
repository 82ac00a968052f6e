import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { DOWNLOAD_KEY, type Download, EVENT_STREAM_KEY } from './route-declaration';

// Turns a declared route's schema into its OpenAPI operation: zod to JSON Schema
// (fastify-type-provider-zod), then what zod cannot say: each answer's description and
// content type (a download's 200 is its file, its errors JSON), and the rate-limit headers.

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonSchema = Record<string, unknown>;

const DESCRIPTIONS: Record<string, string> = {
  '200': 'Correcto.',
  '201': 'Creado.',
  '202': 'Aceptado: se procesa en segundo plano.',
  '204': 'Hecho, sin contenido.',
  '301': 'Redirige para siempre a la dirección de Location.',
  '302': 'Redirige a la dirección de Location.',
  '303': 'Redirige a la dirección de Location, que se pide con GET.',
  '307': 'Redirige a la dirección de Location, con el mismo método.',
  '308': 'Redirige para siempre a la dirección de Location, con el mismo método.',
  '400': 'Petición no válida: el mensaje dice qué dato falta o sobra.',
  '401': 'Sin sesión, o con una clave o un token no válidos.',
  '402': 'Faltan créditos o un método de pago.',
  '403': 'Tu plan o los permisos de la clave no lo permiten.',
  '404': 'No existe, o no es de tu cuenta.',
  '409': 'Choca con el estado actual, o la clave de idempotencia ya se usó con otro cuerpo.',
  '410': 'Ya no está disponible.',
  '413': 'Demasiado grande.',
  '414': 'La dirección es demasiado larga.',
  '415': 'Tipo de contenido no admitido: envía JSON (o multipart donde se indica).',
  '422': 'Los datos no se pueden procesar.',
  '429': 'Demasiadas peticiones: espera los segundos de Retry-After.',
  '502': 'El proveedor externo no respondió bien; inténtalo de nuevo.',
  '503': 'Servicio no disponible en este momento; inténtalo de nuevo.',
};

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { type: 'integer', description: 'Peticiones permitidas en la ventana actual.' },
  'RateLimit-Remaining': { type: 'integer', description: 'Peticiones que quedan en la ventana actual.' },
  'RateLimit-Reset': { type: 'integer', description: 'Segundos hasta que empieza la ventana siguiente.' },
};
const LOCATION = { Location: { type: 'string', description: 'La dirección a la que va el navegador.' } };
const RETRY_AFTER = { 'Retry-After': { type: 'integer', description: 'Segundos que hay que esperar antes de repetir la petición.' } };

const json = (schema: unknown) => ({ 'application/json': { schema } });

function describe(status: string, schema: JsonSchema | undefined, url: string) {
  const limited = url.startsWith('/api/v1/');
  const headers =
    status === '429' ? { ...RETRY_AFTER, ...(limited ? RATE_LIMIT_HEADERS : {}) } : status.startsWith('3') ? LOCATION : limited && status.startsWith('2') ? RATE_LIMIT_HEADERS : undefined;
  // A null schema (204, a redirect) has no body to describe.
  const body = schema && schema.type !== 'null' ? { content: json(schema) } : { type: 'null' };
  return { description: DESCRIPTIONS[status] ?? 'Respuesta.', ...(headers ? { headers } : {}), ...body };
}

/**
 * A closed tuple (z.tuple) is `prefixItems` with `items: false`: valid JSON Schema, which
 * Spectral's array-items rule reads as a missing `items`. `{ not: {} }` says the same.
 */
function closeTuples(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(closeTuples);
  if (!value || typeof value !== 'object') return value;
  const out: JsonSchema = Object.fromEntries(Object.entries(value).map(([key, v]) => [key, closeTuples(v)]));
  if ('prefixItems' in out && out.items === false) out.items = { not: {} };
  return out;
}

export function apiDocTransform(input: TransformInput) {
  const transformed = jsonSchemaTransform(input) as { schema: JsonSchema & { response?: Record<string, JsonSchema> }; url: string };
  const { schema, url } = transformed;
  if (!schema || schema.hide) return transformed;
  const download = schema[DOWNLOAD_KEY] as { type: Download; description: string } | undefined;
  const eventStream = schema[EVENT_STREAM_KEY] as string | undefined;
  delete schema[DOWNLOAD_KEY];
  delete schema[EVENT_STREAM_KEY];
  const response: Record<string, { description?: string; content?: Record<string, unknown> }> = {};
  if (download) response['200'] = { description: download.description, content: { [download.type]: { schema: { type: 'string', format: 'binary' } } } };
  for (const [status, body] of Object.entries(schema.response ?? {})) response[status] = describe(status, body, url);
  // The same 200 as a stream of events, for a client that sends Accept: text/event-stream.
  const ok = response['200'];
  if (eventStream && ok) ok.content = { ...ok.content, 'text/event-stream': { schema: { type: 'string', description: eventStream } } };
  return { schema: closeTuples({ ...schema, response }) as JsonSchema, url };
}
