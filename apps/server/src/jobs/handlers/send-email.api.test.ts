import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { mailRepository } from '../../modules/mail/mail.repository';
import { queueEmail } from '../../modules/mail/mail.service';
import { handleSendEmail } from './send-email';

// The handler alone (no workers), on the local transport, its send spied on.
describe('send-email delivers a mail at most once', async () => {
  const { container } = await createTestApp();
  const db = container.database.db;
  const queue = () => queueEmail(container, { to: 'ana@example.com', subject: 'Prueba', html: '<p>Hola</p>', text: 'Hola', kind: 'test' });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('when two jobs for the same mail run at once (a re-queue beside an expired job’s retry), then only one sends it', async () => {
    const id = await queue();
    const send = vi.spyOn(container.mail, 'send').mockImplementation(() => new Promise((r) => setTimeout(r, 200)));
    await Promise.all([handleSendEmail(container, { emailId: id }), handleSendEmail(container, { emailId: id })]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(await mailRepository.findById(db, id)).toMatchObject({ status: 'sent', attempts: 0 });
  });

  it('when the server accepted the mail but recording it fails at first (a database blip), then it is recorded on a later try and never sent again', async () => {
    const id = await queue();
    const send = vi.spyOn(container.mail, 'send');
    const markSent = mailRepository.markSent.bind(mailRepository);
    let failures = 2;
    vi.spyOn(mailRepository, 'markSent').mockImplementation(async (...args) => {
      if (failures-- > 0) throw new Error('Connection terminated unexpectedly');
      return markSent(...args);
    });
    await handleSendEmail(container, { emailId: id });
    expect(await mailRepository.findById(db, id)).toMatchObject({ status: 'sent' });
    // The job's retry, or a second job, finds it sent.
    await handleSendEmail(container, { emailId: id });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('when the server refuses the mail, then it is released for another try with the error kept, and the job fails so pg-boss retries it', async () => {
    const id = await queue();
    vi.spyOn(container.mail, 'send').mockRejectedValueOnce(new Error('421 Servicio no disponible'));
    await expect(handleSendEmail(container, { emailId: id })).rejects.toThrow('421');
    expect(await mailRepository.findById(db, id)).toMatchObject({ status: 'queued', attempts: 1, lastError: '421 Servicio no disponible' });
    await handleSendEmail(container, { emailId: id });
    expect(await mailRepository.findById(db, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
