import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { SEND_EMAIL_JOB } from '../jobs/definitions/send-email';
import { mailRepository } from '../modules/mail/mail.repository';
import { queueEmail } from '../modules/mail/mail.service';

const email = { to: 'ana@example.com', subject: 'Prueba', html: '<p>Hola</p>', text: 'Hola', kind: 'test' };

describe('queueEmail inside a transaction', async () => {
  const { container } = await createTestApp();
  const db = container.database.db;

  it('when the transaction commits, then the e-mail row and its delivery job both exist', async () => {
    const id = await db.transaction(async (tx) => queueEmail(container, email, tx));
    expect(await mailRepository.findById(db, id)).toMatchObject({ to: email.to, status: 'queued' });
    const jobs = await container.boss.fetch(SEND_EMAIL_JOB, { batchSize: 10 });
    expect(jobs?.map((j) => j.data)).toContainEqual({ emailId: id });
  });

  it('when the transaction rolls back, then neither the e-mail nor its job is left behind', async () => {
    let queuedId = '';
    await expect(
      db.transaction(async (tx) => {
        queuedId = await queueEmail(container, email, tx);
        throw new Error('fallo después de encolar');
      }),
    ).rejects.toThrow('fallo después de encolar');
    expect(queuedId).not.toBe('');
    expect(await mailRepository.findById(db, queuedId)).toBeUndefined();
    const jobs = await container.boss.fetch(SEND_EMAIL_JOB, { batchSize: 10 });
    expect(jobs?.map((j) => j.data)).not.toContainEqual({ emailId: queuedId });
  });
});
