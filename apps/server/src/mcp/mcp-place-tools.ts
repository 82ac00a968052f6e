import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { DEFAULT_GRID_SIZE, DEFAULT_RADIUS_M } from '@rankmaps/shared/plans';
import { gridSizeSchema, placeSuggestionSchema, placePreviewSchema, radiusSchema } from '@rankmaps/shared/schemas/places';
import { z } from 'zod';
import type { Container } from '../container';
import { AppError, badRequest, notFound } from '../errors';
import { isUuid } from '../lib/uuid';
import { recordToolActivity } from '../modules/activity/system-activity';
import { apiV1Repository, placeOf } from '../modules/api-v1/api-v1.repository';
import { v1KeywordSchema, v1PlaceSchema } from '../modules/api-v1/api-v1.schemas';
import { requirePaidPlan } from '../modules/billing/plan-access.service';
import { importKeywords } from '../modules/keywords/keyword-import.service';
import * as places from '../modules/places/places.service';
import { idField } from './mcp-inputs';
import { confirmField } from './mcp-inputs';
import { idempotencyKeyField, onceFor } from './mcp-idempotency';
import { type McpCaller, runTool, toolDescription, toolResult } from './mcp-result';
import { PLACE_NOT_FOUND } from './mcp-read-tools';

// Businesses and keywords (issue 32): one business, searching Google for one and adding it
// (with confirmation), and adding keywords in bulk, through the services of the app's wizard
// and of POST /api/v1/places/{id}/keywords (docs/mcp.md «Tools»).

const placeOut = v1PlaceSchema;

export function registerPlaceTools(server: McpServer, container: Container, caller: McpCaller): void {
  const db = container.database.db;
  const { userId } = caller;

  server.registerTool(
    'get_place',
    {
      title: 'Un negocio / One place',
      description: toolDescription(
        'get_place',
        'Un negocio por su id (de list_places): nombre, dirección, coordenadas, valoración y reseñas.',
        'One place by its id (from list_places): name, address, coordinates, rating and reviews.',
      ),
      inputSchema: { placeId: idField('placeId').describe('Id del negocio / place id') },
      outputSchema: { place: placeOut },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ placeId }) =>
      runTool(container.log, caller, 'get_place', async () => {
        const row = isUuid(placeId) ? await placeOf(db, userId, placeId) : undefined;
        if (!row) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
        const place = { ...row, createdAt: row.createdAt.toISOString() };
        return toolResult(`${place.name}, ${place.address}.`, { place });
      }),
  );

  server.registerTool(
    'search_places',
    {
      title: 'Buscar un negocio en Google / Search Google for a place',
      description: toolDescription(
        'search_places',
        'Busca negocios en Google Maps por nombre (y ciudad), para añadirlos con add_place. Solo planes de pago. No cambia nada.',
        'Searches Google Maps for businesses by name (and city), to add one with add_place. Paid plans only. Changes nothing.',
      ),
      inputSchema: {
        query: z
          .string('query debe ser un texto.')
          .trim()
          .min(1, 'Escribe el nombre del negocio.')
          .max(200, 'El texto de búsqueda es demasiado largo.')
          .describe('Nombre del negocio y ciudad / business name and city'),
      },
      outputSchema: { suggestions: z.array(placeSuggestionSchema) },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    ({ query }) =>
      runTool(container.log, caller, 'search_places', async () => {
        await requirePaidPlan(container, userId);
        const suggestions = await places.autocomplete(container, query);
        return toolResult(`${suggestions.length} resultado(s). Para añadir uno, llama a add_place con su placeId.`, { suggestions });
      }),
  );

  server.registerTool(
    'add_place',
    {
      title: 'Añadir un negocio / Add a place',
      description: toolDescription(
        'add_place',
        'Añade a la cuenta un negocio encontrado con search_places. Sin confirm: true solo responde qué negocio y qué cuadrícula añadiría; con confirm: true lo añade (ocupa un negocio del plan; el escaneo semanal queda apagado salvo weeklyScans: true). idempotencyKey evita añadirlo dos veces al repetir la llamada.',
        'Adds a place found with search_places to the account. Without confirm: true it only answers which place and grid it would add; with confirm: true it adds it (it takes one of the plan’s places; the weekly scan stays off unless weeklyScans: true). idempotencyKey keeps a repeated call from adding it twice.',
      ),
      inputSchema: {
        googlePlaceId: z
          .string('googlePlaceId debe ser un texto.')
          .trim()
          .min(1, 'Falta googlePlaceId (de search_places).')
          .max(300, 'googlePlaceId no es válido.')
          .describe('placeId de search_places / placeId from search_places'),
        gridSize: gridSizeSchema.optional().describe(`Lado de la cuadrícula (3–25, impar; ${DEFAULT_GRID_SIZE} por defecto) / grid side`),
        radius: radiusSchema.optional().describe(`Radio en metros (${DEFAULT_RADIUS_M} por defecto) / radius in metres`),
        weeklyScans: z
          .boolean('weeklyScans debe ser true o false.')
          .optional()
          .describe('Escaneo semanal (gasta créditos cada semana) / weekly scan (spends credits weekly)'),
        confirm: confirmField,
        idempotencyKey: idempotencyKeyField,
      },
      outputSchema: {
        status: z.enum(['confirmation_required', 'added']),
        preview: placePreviewSchema,
        gridSize: z.number().int(),
        radius: z.number().int(),
        place: placeOut.nullable(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    (args) =>
      runTool(container.log, caller, 'add_place', async () => {
        const { googlePlaceId, gridSize = DEFAULT_GRID_SIZE, radius = DEFAULT_RADIUS_M, weeklyScans = false, confirm } = args;
        await requirePaidPlan(container, userId);
        const preview = await places.previewPlace(container, googlePlaceId);
        if (!preview.location)
          throw badRequest(
            'Es un negocio de zona de servicio, sin dirección: añádelo desde la aplicación, donde eliges el centro de la cuadrícula.',
            'SERVICE_AREA_PLACE',
          );
        if (confirm !== true)
          return toolResult(
            `Añadiría «${preview.name}» (${preview.address}) con una cuadrícula de ${gridSize}×${gridSize} y ${radius} m de radio, escaneo semanal ${weeklyScans ? 'encendido' : 'apagado'}. No se ha hecho nada: para añadirlo, vuelve a llamar a add_place con confirm: true.`,
            { status: 'confirmation_required', preview, gridSize, radius, place: null },
          );
        return onceFor(container, caller, 'add_place', args.idempotencyKey, args, async () => {
          // A Miembro's new business goes to their first client, or they could not see it (as POST /api/place does).
          const clientId = caller.scope.clientIds?.[0] ?? null;
          const { _id } = await places.createPlace(container, userId, {
            googlePlaceId,
            matrixConfig: { gridSize, radius, coordinates: preview.location! },
            clientId,
            weeklyScans,
          });
          await recordToolActivity(container, caller, 'add_place', { type: 'place', id: _id }, { gridSize });
          const row = await placeOf(db, userId, _id);
          if (!row) throw new AppError('PLACE_NOT_FOUND', PLACE_NOT_FOUND, 404);
          return toolResult(`Negocio añadido: «${row.name}». Añade sus keywords con add_keywords y placeId ${_id}.`, {
            status: 'added',
            preview,
            gridSize,
            radius,
            place: { ...row, createdAt: row.createdAt.toISOString() },
          });
        });
      }),
  );

  server.registerTool(
    'add_keywords',
    {
      title: 'Añadir keywords / Add keywords',
      description: toolDescription(
        'add_keywords',
        'Añade keywords a un negocio, en bloque (hasta 1000): todo o nada, como la importación de la aplicación. Las que ya existen se saltan, así que repetir la llamada no duplica nada. No gasta créditos.',
        'Adds keywords to a place, in bulk (up to 1000): all or nothing, like the app’s import. Those that exist already are skipped, so repeating the call duplicates nothing. Spends no credits.',
      ),
      inputSchema: {
        placeId: idField('placeId').describe('Id del negocio / place id'),
        keywords: z
          .array(
            z
              .string('Cada keyword debe ser un texto.')
              .max(200, 'Cada keyword puede tener como mucho 200 caracteres.')
              .regex(/^[^\r\n]*$/, 'Cada keyword debe ser de una sola línea.'),
            'keywords debe ser una lista de textos.',
          )
          .min(1, 'Envía entre 1 y 1000 keywords.')
          .max(1000, 'Envía entre 1 y 1000 keywords.'),
      },
      outputSchema: { created: z.array(v1KeywordSchema), skipped: z.array(z.object({ keyword: z.string(), reason: z.string() })) },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ placeId, keywords }) =>
      runTool(container.log, caller, 'add_keywords', async () => {
        if (!isUuid(placeId) || !(await apiV1Repository.ownsPlace(db, userId, placeId))) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
        const outcome = await importKeywords(container, caller.scope, { source: 'text', placeIds: [placeId], text: keywords.join('\n') });
        if (!outcome.ok) {
          const problems = outcome.error.rows?.map((r) => `«${r.keyword}»: ${r.message ?? r.status}`).slice(0, 5) ?? [];
          throw new AppError(outcome.error.code, [outcome.error.error, ...problems].join(' '), 400);
        }
        const added = new Set(outcome.result.rows.filter((r) => r.status === 'ok').map((r) => r.keyword));
        const created = (await apiV1Repository.keywordsOf(db, userId, placeId))
          .filter((k) => added.has(k.name))
          .map((k) => ({ ...k, createdAt: k.createdAt.toISOString() }));
        const skipped = outcome.result.rows
          .filter((r) => r.status !== 'ok')
          .map((r) => ({ keyword: r.keyword, reason: r.message ?? r.status }));
        if (created.length > 0)
          await recordToolActivity(container, caller, 'add_keywords', { type: 'place', id: placeId }, { count: created.length });
        return toolResult(`${created.length} keyword(s) añadida(s); ${skipped.length} saltada(s).`, { created, skipped });
      }),
  );
}
