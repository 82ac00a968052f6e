import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../test/fake-smtp';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { emails } from '../../db/schema';
import { handleSendEmail } from '../../jobs/handlers/send-email';
import { firstFreeSlot } from './video-call.service';

// The invitations as a mail server receives them (docs/support.md «Videollamada»): through the
// real send-email handler and SMTP, with the .ics as a text/calendar part calendars recognise.
describe('video call invitations over SMTP', async () => {
  const smtp = await startSmtpServer();
  afterAll(() => smtp.close());
  const { app, container } = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SUPPORT_EMAIL: 'equipo@rankmaps.test', MAIL_FROM: 'RankMaps <no-reply@rankmaps.test>' });
  const { signedIn } = sessions(app, container);

  it('when a call is booked and the invitations are delivered, then the user and the team each receive the .ics as text/calendar with METHOD:REQUEST', async () => {
    const user = await signedIn('premium');
    const res = await user.inject({ method: 'POST', url: '/api/general/support/video/bookings', payload: { start: await firstFreeSlot(container), topic: 'Factura' } });
    expect(res.statusCode, res.body).toBe(201);
    const invitations = await container.database.db.select().from(emails).where(eq(emails.kind, 'video-booked'));
    expect(invitations.map((m) => m.to).sort()).toEqual(['equipo@rankmaps.test', user.user.email].sort());
    for (const mail of invitations) await handleSendEmail(container, { emailId: mail.id });

    for (const to of ['equipo@rankmaps.test', user.user.email]) {
      const [received] = smtp.received.filter((m) => m.to.includes(to));
      expect(received, to).toBeDefined();
      const raw = received!.raw.replace(/\r?\n[ \t]+/g, ' ');
      expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST; name=videollamada-rankmaps\.ics/);
      // The part's body, decoded, is the invitation.
      const part = /name=videollamada-rankmaps\.ics[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(received!.raw);
      const ics = Buffer.from(part![1]!.replace(/\s/g, ''), 'base64').toString('utf8');
      expect(ics).toContain('METHOD:REQUEST');
      expect(ics).toContain(`UID:videollamada-${res.json().id}@localhost`);
    }
  });
});
