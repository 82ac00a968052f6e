import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { listingChangeSchema } from '@rankmaps/shared/schemas/review-pace';
import { REPLY_MAX_LENGTH, reviewSchema } from '@rankmaps/shared/schemas/reviews';
import type { Container } from '../container';
import { badRequest } from '../errors';
import { listListingChanges } from '../modules/listing-guard/listing-guard.service';
import { gbpDepsOf } from '../modules/reviews/review-link';
import { listReviews, replyToReview, reviewToReply } from '../modules/reviews/reviews.service';
import { cursorField, idField } from './mcp-inputs';
import { type McpCaller, runTool, toolDescription, toolResult } from './mcp-result';

// Reviews and listing changes for assistants (issue 31, docs/decisions.md §32.7): list_reviews and
// list_listing_changes read; reply_to_review publishes on Google in the workspace's name, so
// without confirm: true it only answers what it would send.

const limit = z
  .number('limit debe ser un número entero entre 1 y 100.')
  .int('limit debe ser un número entero entre 1 y 100.')
  .min(1, 'limit debe ser un número entero entre 1 y 100.')
  .max(100, 'limit debe ser un número entero entre 1 y 100.')
  .optional();

export function registerReviewsTools(server: McpServer, container: Container, caller: McpCaller): void {
  server.registerTool(
    'list_reviews',
    {
      title: 'Reseñas de Google / Google reviews',
      description: toolDescription(
        'list_reviews',
        'Las reseñas de Google de un negocio con su Perfil de Empresa conectado, las más recientes primero (o las sin responder primero con order: unanswered), con su respuesta y su estado de moderación. stars filtra, p. ej. "1,2,3".',
        'A business’s Google reviews (its Business Profile connected), newest first (or unanswered first with order: unanswered), with the reply and its moderation state. stars filters, e.g. "1,2,3".',
      ),
      inputSchema: {
        placeId: idField('placeId').describe('Id del negocio / business id'),
        stars: z.string('stars debe ser un texto como "1,2,3".').max(20, 'stars debe ser un texto como "1,2,3".').optional(),
        answered: z.boolean('answered debe ser true o false.').optional(),
        order: z.enum(['newest', 'unanswered'], 'order debe ser newest o unanswered.').optional(),
        cursor: cursorField,
        limit,
      },
      outputSchema: { items: z.array(reviewSchema), nextCursor: z.string().nullable() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ placeId, stars, answered, order, cursor, limit: max }) =>
      runTool(container.log, caller, 'list_reviews', async () => {
        if (stars !== undefined && !/^[1-5](,[1-5]){0,4}$/.test(stars))
          throw badRequest('Las estrellas deben ser números del 1 al 5 separados por comas (por ejemplo, 1,2,3).', 'VALIDATION_ERROR');
        const page = await listReviews(await gbpDepsOf(container), caller.userId, placeId, {
          ...(stars ? { stars } : {}),
          ...(answered === undefined ? {} : { answered: answered ? 'true' : 'false' }),
          order: order ?? 'newest',
          ...(cursor ? { cursor } : {}),
          limit: max ?? 20,
        });
        const demo = page.items.some((r) => r.demo) ? ' Datos de demostración.' : '';
        return toolResult(`${page.items.length} reseña(s).${page.nextCursor ? ' Hay más: pasa nextCursor.' : ''}${demo}`, page);
      }),
  );

  server.registerTool(
    'reply_to_review',
    {
      title: 'Responder a una reseña / Reply to a review',
      description: toolDescription(
        'reply_to_review',
        'Publica en Google la respuesta a una reseña (o cambia la que hay). Enséñale el texto a la persona antes: sin confirm: true no envía nada y responde lo que enviaría; con confirm: true lo publica.',
        'Publishes the reply to a review on Google (or changes the one there). Show the person the text first: without confirm: true it sends nothing and answers what it would send; with confirm: true it publishes.',
      ),
      inputSchema: {
        placeId: idField('placeId').describe('Id del negocio / business id'),
        reviewId: idField('reviewId').describe('Id de la reseña (de list_reviews) / review id'),
        comment: z
          .string('comment debe ser un texto.')
          .trim()
          .min(1, 'Escribe la respuesta.')
          .max(REPLY_MAX_LENGTH, `La respuesta no puede superar ${REPLY_MAX_LENGTH} caracteres.`),
        confirm: z.boolean('confirm debe ser true o false.').optional().describe('true para publicarla / true to publish it'),
      },
      outputSchema: { status: z.enum(['confirmation_required', 'published']), comment: z.string(), review: reviewSchema.nullable() },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    ({ placeId, reviewId, comment, confirm }) =>
      runTool(container.log, caller, 'reply_to_review', async () => {
        const deps = await gbpDepsOf(container);
        if (confirm !== true) {
          // Checks the business and the review for this caller, and sends nothing.
          const review = await reviewToReply(deps, caller.userId, placeId, reviewId);
          return toolResult(
            `Se publicará en Google esta respuesta: «${comment}». Enséñasela a la persona y vuelve a llamar con confirm: true para publicarla.`,
            { status: 'confirmation_required' as const, comment, review },
          );
        }
        const review = await replyToReview(deps, caller.userId, placeId, reviewId, comment);
        return toolResult(`Respuesta publicada (estado: ${review.reply?.state ?? 'desconocido'}).`, {
          status: 'published' as const,
          comment,
          review,
        });
      }),
  );

  server.registerTool(
    'list_listing_changes',
    {
      title: 'Cambios en la ficha / Listing changes',
      description: toolDescription(
        'list_listing_changes',
        'Los cambios en la ficha de Google de un negocio (nombre, categoría, dirección…), del más reciente al más antiguo, con lo que era y lo que es ahora.',
        'The changes in a business’s Google listing (name, category, address…), newest first, with what it was and what it is now.',
      ),
      inputSchema: { placeId: idField('placeId').describe('Id del negocio / business id'), cursor: cursorField, limit },
      outputSchema: { items: z.array(listingChangeSchema), nextCursor: z.string().nullable() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ placeId, cursor, limit: max }) =>
      runTool(container.log, caller, 'list_listing_changes', async () => {
        const page = await listListingChanges(container, caller.userId, placeId, { ...(cursor ? { cursor } : {}), limit: max ?? 20 });
        return toolResult(`${page.items.length} cambio(s) en la ficha.${page.nextCursor ? ' Hay más: pasa nextCursor.' : ''}`, page);
      }),
  );
}
