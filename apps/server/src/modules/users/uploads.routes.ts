import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { access, routeKit } from '../../plugins/route-kit';
import { readProfilePicture } from './profile-picture.service';

/**
 * Stored profile pictures, from our own origin (docs/decisions.md §6). They are public, like any
 * <img>, under names of 128 random bits; a name never changes content, so it is cached
 * for a year. Anything else under /uploads is a JSON 404, also when the SPA is served.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['usuario'] });

  route.get('/uploads/avatars/:file', { operationId: 'getProfilePicture', summary: 'Foto de perfil (WebP)', description: 'Sin sesión, como cualquier imagen: el nombre del archivo son 128 bits aleatorios.', access: access.public, params: z.object({ file: z.string() }), answer: { download: 'image/webp', description: 'La imagen, cacheable un año (el nombre nunca cambia de contenido).' } }, async (request, reply) => {
    const data = await readProfilePicture(app.container, request.params.file);
    if (!data) throw notFound();
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .send(data);
  });

  // By hand, not declared: it is no operation of the API, only a fence so the SPA's history
  // fallback never answers under /uploads; every request gets the JSON 404.
  app.get('/uploads/*', { schema: { hide: true } }, async () => {
    throw notFound();
  });
};
