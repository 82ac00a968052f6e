import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

// One zod schema per route gives validation, serialization and this OpenAPI document.
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'RankMaps API', version: '1.0.0', description: 'API de RankMaps. Todas las rutas cuelgan de /api.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'rmk_…', description: 'Clave de API (docs/api.md), solo en /api/v1.' },
        },
      },
      tags: [
        {
          name: 'API v1',
          description:
            'API pública versionada, con claves de API (rmk_…), permisos read y scans, paginación por cursor y límite por clave. Errores como {error, code} en español.',
        },
        {
          name: 'webhooks',
          description:
            'Tus endpoints HTTPS reciben los eventos analysis.completed, analysis.failed, alert.triggered, campaign.round.completed y credits.low como POST JSON { id, type, createdAt, data }. Cada envío lleva RankMaps-Event, RankMaps-Delivery (el id de la entrega: descarta repetidos por él) y RankMaps-Signature: t=<segundos unix>,v1=<HMAC-SHA256 en hexadecimal, con el secreto whsec_… del endpoint, de "<t>.<cuerpo tal cual llegó>">. Compara la firma en tiempo constante y rechaza las de hace más de 5 minutos. Un 2xx confirma la entrega; cualquier otra respuesta se reintenta con espera creciente durante unos 3 días, y tras 5 entregas fallidas seguidas el endpoint se desactiva y te avisamos por correo.',
        },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: (h) => h });
}
