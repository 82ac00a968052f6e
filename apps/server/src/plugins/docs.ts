import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiDocTransform } from './openapi-transform';
import { type OpenApiDocument, internalReference, publicReference } from './openapi-split';
import { serverDir } from '../paths';

// One zod schema per route gives validation, serialization and the OpenAPI document. The
// document is served as two references (docs/api.md): the public one that customers open at
// /api/docs (the versioned API and its webhooks), and the session and operator API the web
// app uses, for contributors, at /api/docs/internal. Both are linted in the test suite.

const logo = readFileSync(path.join(serverDir, '../web/public/favicon.svg'));

/**
 * Drops the `$id` ('#/components/schemas/…') and `$schema` that zod's JSON Schema gives each
 * component: an OpenAPI component is named by its key, and such an `$id` is invalid there
 * (Spectral's oas3-schema).
 */
function withoutSchemaIds<T>(doc: T): T {
  const schemas = (doc as { components?: { schemas?: Record<string, Record<string, unknown>> } }).components?.schemas ?? {};
  for (const schema of Object.values(schemas)) {
    delete schema.$id;
    delete schema.$schema;
  }
  return doc;
}

const cuts = new WeakMap<OpenApiDocument, Map<(doc: OpenApiDocument) => OpenApiDocument, OpenApiDocument>>();

/** A reference cut from the document, made on its first read. The cuts copy what they change, so the document is never mutated. */
function cutOnce(doc: OpenApiDocument, pick: (doc: OpenApiDocument) => OpenApiDocument): OpenApiDocument {
  const byPick = cuts.get(doc) ?? new Map<(doc: OpenApiDocument) => OpenApiDocument, OpenApiDocument>();
  cuts.set(doc, byPick);
  const cut = byPick.get(pick) ?? pick(doc);
  byPick.set(pick, cut);
  return cut;
}

export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'RankMaps API',
        version: '1.0.0',
        description: 'API de RankMaps. Todas las rutas cuelgan de /api.',
        contact: { name: 'Soporte de RankMaps', email: 'soporte@rankmaps.es', url: 'https://app.rankmaps.es' },
        license: { name: 'Condiciones de uso de RankMaps', url: 'https://app.rankmaps.es/legal/terms' },
      },
      servers: [{ url: '/', description: 'Esta instalación de RankMaps.' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'El token de acceso de la sesión de la aplicación web.' },
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'rmk_…', description: 'Clave de API (perfil, pestaña «API»), solo en /api/v1.' },
        },
      },
    },
    transform: apiDocTransform,
    // Zod schemas with an id (ErrorResponse) become components the operations point to.
    transformObject: (input) => withoutSchemaIds(jsonSchemaTransformObject(input)),
  });
  const ui = (routePrefix: string, title: string, pick: (doc: OpenApiDocument) => OpenApiDocument) =>
    app.register(async (scope) => {
      await scope.register(swaggerUi, {
        routePrefix,
        staticCSP: true,
        transformStaticCSP: (h) => h,
        logo: { type: 'image/svg+xml', content: logo, href: '/', target: '_self' },
        theme: { title, favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: logo }] },
        // The document is built once; each reference is cut from it once, not on every request
        // (without this, swagger-ui deep-clones the 1.3 MB document for each read).
        transformSpecificationClone: false,
        transformSpecification: (doc) => cutOnce(doc as OpenApiDocument, pick),
      });
    });
  await ui('/api/docs', 'RankMaps · Referencia de la API', publicReference);
  await ui('/api/docs/internal', 'RankMaps · API interna', internalReference);
}
