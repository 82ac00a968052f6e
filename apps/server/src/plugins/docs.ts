import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

// One zod schema per route gives validation, serialization and this OpenAPI document.
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'RankMaps API', version: '1.0.0', description: 'API de RankMaps. Todas las rutas cuelgan de /api.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'rmk_…', description: 'Clave de API (docs/api.md), solo en /api/v1.' } } },
      tags: [{ name: 'API v1', description: 'API pública versionada, con claves de API (rmk_…), permisos read y scans, paginación por cursor y límite por clave. Errores como {error, code} en español.' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: (h) => h });
}
