import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { activityListSchema, activityQuerySchema } from '@rankmaps/shared/schemas/activity';
import { NOTIFICATIONS_PAGE_MAX, notificationSchema } from '@rankmaps/shared/schemas/notifications';
import { z } from 'zod';
import type { Container } from '../container';
import { notFound } from '../errors';
import { isUuid } from '../lib/uuid';
import { listActivity } from '../modules/activity/activity.service';
import { NOTIFICATION_NOT_FOUND } from '../modules/notifications/notifications.routes';
import { notificationsRepository } from '../modules/notifications/notifications.repository';
import { presentNotification } from '../modules/notifications/notifications.service';
import { parsedOr400 } from './mcp-inputs';
import { type McpCaller, runTool, toolDescription, toolResult } from './mcp-result';

// Alerts (the in-app notifications of the person the key or token acts as) and the workspace's
// activity log (owner and admin only), through the reads of /api/notifications and /api/activity.

const { cursor: _cursor, limit: _limit, ...activityFilters } = activityQuerySchema.shape;

export function registerAlertTools(server: McpServer, container: Container, caller: McpCaller): void {
  const db = container.database.db;

  server.registerTool(
    'list_alerts',
    {
      title: 'Alertas / Alerts',
      description: toolDescription(
        'list_alerts',
        'Las alertas (notificaciones) de la persona: caídas y subidas de posición, análisis terminados, créditos bajos… de la más nueva a la más antigua, con cuántas quedan sin leer.',
        'The person’s alerts (notifications): position drops and gains, finished analyses, low credits… newest first, with how many are unread.',
      ),
      inputSchema: {
        page: z
          .number('page debe ser un número entero.')
          .int('page debe ser un número entero.')
          .min(1, 'page debe ser 1 o más.')
          .max(10_000, 'page no es válida.')
          .optional(),
        limit: z
          .number(`limit debe ser un número entero entre 1 y ${NOTIFICATIONS_PAGE_MAX}.`)
          .int(`limit debe ser un número entero entre 1 y ${NOTIFICATIONS_PAGE_MAX}.`)
          .min(1, `limit debe ser un número entero entre 1 y ${NOTIFICATIONS_PAGE_MAX}.`)
          .max(NOTIFICATIONS_PAGE_MAX, `limit debe ser un número entero entre 1 y ${NOTIFICATIONS_PAGE_MAX}.`)
          .optional(),
      },
      outputSchema: { alerts: z.array(notificationSchema), total: z.number().int(), unread: z.number().int(), page: z.number().int() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ page = 1, limit: size = 20 }) =>
      runTool(container.log, caller, 'list_alerts', async () => {
        const { rows, total, unread } = await notificationsRepository.list(db, caller.actorId, size, (page - 1) * size);
        return toolResult(`${total} alerta(s), ${unread} sin leer.`, { alerts: rows.map(presentNotification), total, unread, page });
      }),
  );

  server.registerTool(
    'mark_alerts_read',
    {
      title: 'Marcar alertas como leídas / Mark alerts read',
      description: toolDescription(
        'mark_alerts_read',
        'Marca como leída una alerta (alertId, de list_alerts) o, sin alertId, todas. Repetirla no cambia nada.',
        'Marks one alert read (alertId, from list_alerts) or, without alertId, all of them. Repeating it changes nothing.',
      ),
      inputSchema: {
        alertId: z
          .string('alertId debe ser un texto.')
          .max(100, NOTIFICATION_NOT_FOUND)
          .optional()
          .describe('Id de la alerta; sin él, todas / alert id; without it, all'),
      },
      outputSchema: { marked: z.number().int() },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ alertId }) =>
      runTool(container.log, caller, 'mark_alerts_read', async () => {
        if (alertId === undefined) {
          const marked = await notificationsRepository.markAllRead(db, caller.actorId);
          return toolResult(`${marked} alerta(s) marcada(s) como leída(s).`, { marked });
        }
        if (!isUuid(alertId) || !(await notificationsRepository.markRead(db, caller.actorId, alertId)))
          throw notFound(NOTIFICATION_NOT_FOUND, 'NOTIFICATION_NOT_FOUND');
        return toolResult('Alerta marcada como leída.', { marked: 1 });
      }),
  );

  server.registerTool(
    'list_activity',
    {
      title: 'Registro de actividad / Activity log',
      description: toolDescription(
        'list_activity',
        'Quién hizo qué en el espacio de trabajo (análisis, keywords, negocios, campañas, enlaces…), lo más reciente primero, con filtros por persona (memberId), tipo (kind) y días (from, to: AAAA-MM-DD). Solo propietario y administradores.',
        'Who did what in the workspace (scans, keywords, places, campaigns, links…), newest first, filtered by person (memberId), kind and days (from, to: YYYY-MM-DD). Owner and admins only.',
      ),
      inputSchema: {
        ...activityFilters,
        cursor: z
          .string('cursor debe ser el valor de nextCursor de la página anterior.')
          .max(200, 'cursor debe ser el valor de nextCursor de la página anterior.')
          .optional(),
        limit: z
          .number('limit debe ser un número entero entre 1 y 100.')
          .int('limit debe ser un número entero entre 1 y 100.')
          .min(1, 'limit debe ser un número entero entre 1 y 100.')
          .max(100, 'limit debe ser un número entero entre 1 y 100.')
          .optional(),
      },
      outputSchema: activityListSchema.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      runTool(container.log, caller, 'list_activity', async () => {
        const query = parsedOr400(activityQuerySchema.safeParse(args));
        const list = await listActivity(container, caller.scope.workspaceId, query);
        const more = list.nextCursor ? ' Hay más: pasa nextCursor como cursor.' : '';
        return toolResult(`${list.items.length} entrada(s).${more}`, list);
      }),
  );
}
