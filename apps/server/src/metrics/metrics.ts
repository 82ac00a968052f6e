import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus series (docs/operations.md "Metrics"). One registry per process,
 * module-level like the log's transport: the API's routes, the workers' jobs and the scan
 * engine all count into it, so with the embedded database (API and workers in one process)
 * each event is counted once and shown once, on /metrics. Every label value comes from a
 * short fixed set or a route template: never an id, an address or anything a user typed.
 */
export const registry = new Registry();

const PREFIX = 'rankmaps_';

export const httpRequests = new Counter({
  name: `${PREFIX}http_requests_total`,
  help: 'Peticiones HTTP respondidas, por método, plantilla de ruta y estado.',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: 'Tiempo de respuesta HTTP en segundos, por método, plantilla de ruta y estado.',
  labelNames: ['method', 'route', 'status_code'] as const,
  // From a cached read (~1 ms) to a slow PDF; the 5xx and p99 alerts read these.
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const scansStarted = new Counter({ name: `${PREFIX}scans_started_total`, help: 'Análisis cuyo primer intento empezó en este proceso.', registers: [registry] });
export const scansCompleted = new Counter({ name: `${PREFIX}scans_completed_total`, help: 'Análisis completados por este proceso.', registers: [registry] });
export const scansFailed = new Counter({ name: `${PREFIX}scans_failed_total`, help: 'Análisis marcados como fallidos por este proceso.', registers: [registry] });
export const scanPoints = new Counter({
  name: `${PREFIX}scan_points_total`,
  help: 'Puntos de la cuadrícula guardados, por resultado (ok o failed); su rate() son los puntos por segundo.',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const vendorCalls = new Counter({
  name: `${PREFIX}vendor_calls_total`,
  help: 'Llamadas al proveedor de datos de posiciones, por proveedor y modo (live o standard).',
  labelNames: ['provider', 'mode'] as const,
  registers: [registry],
});
export const vendorErrors = new Counter({
  name: `${PREFIX}vendor_errors_total`,
  help: 'Llamadas al proveedor que fallaron (error, tiempo agotado o tarea rechazada), por proveedor y modo.',
  labelNames: ['provider', 'mode'] as const,
  registers: [registry],
});
export const vendorCost = new Counter({
  name: `${PREFIX}vendor_cost_usd_total`,
  help: 'Lo que cobró el proveedor, en dólares, por proveedor y modo (docs/decisions.md §21).',
  labelNames: ['provider', 'mode'] as const,
  registers: [registry],
});

export const emailDeliveries = new Counter({
  name: `${PREFIX}email_deliveries_total`,
  help: 'Intentos de entrega de correo, por resultado: sent, retry (se reintentará), rejected (rechazado para siempre), abandoned (abandonado por la barrida).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const webhookDeliveries = new Counter({
  name: `${PREFIX}webhook_deliveries_total`,
  help: 'Intentos de entrega de webhooks, por canal (webhook o slack) y resultado (delivered, retrying, failed).',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
});

export const chatStreams = new Gauge({ name: `${PREFIX}chat_sse_connections`, help: 'Conexiones SSE del chat abiertas en este proceso.', registers: [registry] });

let processMetricsOn = false;

/** Process, heap, GC and event-loop series (prom-client's defaults, prefixed); once per process, and only where metrics are exposed. */
export function enableProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
}
