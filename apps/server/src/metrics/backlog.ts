import { Gauge } from 'prom-client';
import type { Db } from '../db/client';
import { jobDefinitions } from '../jobs/definitions';
import { type OutboxBacklog, type QueueBacklog, backlogRepository } from './backlog.repository';
import { registry } from './metrics';

/** A scrape storm (many Prometheus servers, a misconfigured interval) costs the database one read per this long. */
export const BACKLOG_CACHE_MS = 5_000;

interface Snapshot {
  queues: QueueBacklog[];
  outbox: OutboxBacklog;
}

type Reader = () => Promise<Snapshot>;

let reader: Reader | null = null;
let cached: { at: number; value: Promise<Snapshot> } | null = null;

/**
 * Reads the backlog at scrape time from `db` (the process's database), through a short cache:
 * scrapes within BACKLOG_CACHE_MS, or while a read is in flight, share one read. Returns the
 * function that unbinds it (the app's close), which leaves a later binding alone.
 */
export function bindBacklog(db: Db): () => void {
  const own: Reader = async () => ({ queues: await backlogRepository.queues(db), outbox: await backlogRepository.outbox(db) });
  reader = own;
  cached = null;
  return () => {
    if (reader !== own) return;
    reader = null;
    cached = null;
  };
}

/** The backlog, or null when nothing is bound or the database did not answer (the gauges are then left out of the scrape, not stale). */
async function snapshot(): Promise<Snapshot | null> {
  if (!reader) return null;
  const now = Date.now();
  if (!cached || now - cached.at >= BACKLOG_CACHE_MS) {
    const value = reader();
    cached = { at: now, value };
    // A failed read is not kept: the next scrape tries again.
    value.catch(() => {
      if (cached?.value === value) cached = null;
    });
  }
  return cached.value.catch(() => null);
}

const knownQueues = () => jobDefinitions.map((d) => d.name);

/**
 * A gauge with one series per queue. Every known queue is reported, at 0 when empty, so an
 * alert's series does not vanish when all is well.
 */
function queueGauge(name: string, help: string, figure: (q: QueueBacklog) => number) {
  new Gauge({
    name,
    help,
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const snap = await snapshot();
      this.reset();
      if (!snap) return;
      const byName = new Map(snap.queues.map((q) => [q.queue, q]));
      for (const queue of new Set([...knownQueues(), ...byName.keys()])) {
        const q = byName.get(queue);
        this.set({ queue }, q ? figure(q) : 0);
      }
    },
  });
}

queueGauge('rankmaps_queue_depth', 'Trabajos pendientes y ya vencidos en la cola, por cola (pg-boss; el mismo valor en cada proceso).', (q) => q.depth);
queueGauge('rankmaps_queue_oldest_job_age_seconds', 'Segundos que lleva esperando el trabajo vencido más antiguo de cada cola.', (q) => q.oldestSeconds);

new Gauge({
  name: 'rankmaps_email_outbox_backlog',
  help: 'Correos del buzón de salida aún sin entregar (en cola o en un intento).',
  registers: [registry],
  async collect() {
    const snap = await snapshot();
    if (snap) this.set(snap.outbox.undelivered);
  },
});

new Gauge({
  name: 'rankmaps_email_outbox_oldest_age_seconds',
  help: 'Antigüedad en segundos del correo sin entregar más antiguo.',
  registers: [registry],
  async collect() {
    const snap = await snapshot();
    if (snap) this.set(snap.outbox.oldestSeconds);
  },
});

// The outbox gauges keep their last value when a read fails; this says whether it worked.
new Gauge({
  name: 'rankmaps_backlog_read_ok',
  help: '1 si la última lectura de colas y buzón en la base de datos funcionó, 0 si no.',
  registers: [registry],
  async collect() {
    if (reader) this.set((await snapshot()) ? 1 : 0);
  },
});
