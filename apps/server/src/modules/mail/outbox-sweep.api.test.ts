import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { rowsOf } from '../../db/client';
import { emails } from '../../db/schema';
import { SEND_EMAIL_JOB } from '../../jobs/definitions/send-email';
import { transactionExecutor } from '../../queue/tx-executor';
import { mailRepository } from './mail.repository';
import { queueEmail } from './mail.service';
import { UNCERTAIN_DELIVERY } from './outbox-policy';
import { sweepMailOutbox } from './outbox-sweep.service';

const hour = 3600;

// The sweep alone, no workers: each test sets a mail's state and age by hand, sweeps, and
// looks at the mail row and at the send-email jobs pg-boss holds for it.
describe('the mail outbox sweep', async () => {
  const { container } = await createTestApp({
    MAIL_REQUEUE_MIN_DELAY_SECONDS: '60',
    MAIL_REQUEUE_MAX_DELAY_SECONDS: String(6 * hour),
    MAIL_MAX_AGE_SECONDS: String(72 * hour),
  });
  const db = container.database.db;
  let n = 0;

  /** A queued mail `ageSeconds` old whose delivery job is gone, after `attempts` failed tries. */
  async function mailWithoutJob(
    ageSeconds: number,
    attempts: number,
    lastError: string | null = attempts > 0 ? 'connect ECONNREFUSED' : null,
  ) {
    const id = await queueEmail(container, {
      to: `barrido-${++n}@example.com`,
      subject: 'Prueba',
      html: '<p>Hola</p>',
      text: 'Hola',
      kind: 'test',
    });
    await db.execute(sql`delete from pgboss.job where name = ${SEND_EMAIL_JOB} and data->>'emailId' = ${id}`);
    await db
      .update(emails)
      .set({ attempts, lastError, createdAt: sql`now() - make_interval(secs => ${ageSeconds}::int)` })
      .where(eq(emails.id, id));
    return id;
  }

  const jobsOf = (id: string) =>
    rowsOf<{ state: string; retry_limit: number; starts_in: number }>(
      db,
      sql`select state::text as state, retry_limit, extract(epoch from start_after - now())::float8 as starts_in
          from pgboss.job where name = ${SEND_EMAIL_JOB} and data->>'emailId' = ${id}`,
    );
  const mail = async (id: string) => (await mailRepository.findById(db, id))!;

  it('when a mail lost its job before any try, then it is queued again at once with the queue’s retries, and only once however many sweeps run', async () => {
    const id = await mailWithoutJob(5 * 60, 0);
    await Promise.all([sweepMailOutbox(container), sweepMailOutbox(container), sweepMailOutbox(container)]);
    const jobs = await jobsOf(id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ state: 'created', retry_limit: 8 });
    expect(jobs[0]!.starts_in).toBeLessThan(5);
    expect(await mail(id)).toMatchObject({ status: 'queued' });
    // Its job is live now: another sweep leaves it alone.
    await sweepMailOutbox(container);
    expect(await jobsOf(id)).toHaveLength(1);
  });

  it('when another sweep holds the mail while it queues its job, then this sweep waits for it and sees that job, rather than queue a second', async () => {
    const id = await mailWithoutJob(5 * 60, 0);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // What a sweep in another process does with this mail, stopped just before it commits.
    const other = db.transaction(async (tx) => {
      await mailRepository.lockForSweep(tx, id);
      await container.boss.send(SEND_EMAIL_JOB, { emailId: id }, { singletonKey: id, db: transactionExecutor(tx) });
      await held;
    });
    await new Promise((r) => setTimeout(r, 100));
    const sweeping = sweepMailOutbox(container);
    await new Promise((r) => setTimeout(r, 300));
    release();
    await other;
    await expect(sweeping).resolves.toEqual({ requeued: 0, givenUp: 0 });
    expect(await jobsOf(id)).toHaveLength(1);
  });

  it('when a mail’s tries all failed, then it is queued for one more try after half its age', async () => {
    const id = await mailWithoutJob(2 * hour, 9);
    await sweepMailOutbox(container);
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({ state: 'created', retry_limit: 0 });
    expect(job!.starts_in).toBeGreaterThan(hour - 60);
    expect(job!.starts_in).toBeLessThanOrEqual(hour + 5);
  });

  it('when a mail is younger than the shortest spacing, then it is left alone (its job may be on its way)', async () => {
    const id = await mailWithoutJob(10, 0);
    await sweepMailOutbox(container);
    expect(await jobsOf(id)).toHaveLength(0);
    await db.delete(emails).where(eq(emails.id, id));
  });

  it('when a mail reaches its age limit undelivered, then it fails for good with its last error in the reason, logged as an error', async () => {
    const errors = vi.spyOn(container.log, 'error');
    const id = await mailWithoutJob(72 * hour + 60, 14, '421 Servicio no disponible');
    await expect(sweepMailOutbox(container)).resolves.toMatchObject({ givenUp: 1 });
    expect(await mail(id)).toMatchObject({
      status: 'failed',
      lastError: 'No se pudo entregar en 72 h (14 intentos). Último error: 421 Servicio no disponible',
    });
    expect(await jobsOf(id)).toHaveLength(0);
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ emailId: id, kind: 'test', attempts: 14 }),
      'correo abandonado sin entregar',
    );
    errors.mockRestore();
  });

  it('when a try was cut off mid-send (sending, no job), then the mail is not sent again but given up as uncertain', async () => {
    const id = await mailWithoutJob(10 * 60, 0);
    await mailRepository.claimForSending(db, id);
    await sweepMailOutbox(container);
    expect(await mail(id)).toMatchObject({ status: 'failed', lastError: UNCERTAIN_DELIVERY });
    expect(await jobsOf(id)).toHaveLength(0);
  });

  it('when a mail is sent, or its job is live, then the sweep does nothing to it', async () => {
    const sent = await mailWithoutJob(10 * 60, 1);
    await mailRepository.markSent(db, sent, 'smtp');
    const live = await queueEmail(container, {
      to: 'vivo@example.com',
      subject: 'Prueba',
      html: '<p>Hola</p>',
      text: 'Hola',
      kind: 'test',
    });
    await db
      .update(emails)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(emails.id, live));
    await sweepMailOutbox(container);
    expect(await jobsOf(sent)).toHaveLength(0);
    expect(await jobsOf(live)).toHaveLength(1);
    expect(await mail(sent)).toMatchObject({ status: 'sent' });
  });
});
