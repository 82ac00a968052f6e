import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../test/fake-smtp';
import { uniqueEmail } from '../../../test/factories';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { MALAGA, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { reportDepsDouble } from '../../../test/report-mail';
import { fastScanDeps, scriptedProvider } from '../../../test/scan-doubles';
import { createTestApp } from '../../../test/test-app';
import { rankMaps } from '../../db/rankmaps-schema';
import { reportRecipients, reportSends } from '../../db/report-mail-schema';
import { emails } from '../../db/schema';
import { handleNotifyAnalysis } from '../../jobs/handlers/notify-analysis';
import { handleReportEmail } from '../../jobs/handlers/report-email';
import { handleSendEmail } from '../../jobs/handlers/send-email';
import { runScan } from '../rankmaps/scan/scan.service';

type Headers = Record<string, string>;

/** Undoes quoted-printable soft line breaks and escapes, so a long link can be read whole. */
const decodeQuotedPrintable = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

// Bounces with a real SMTP server (smtp-server, test/fake-smtp.ts) that refuses some addresses
// for good at RCPT TO: nodemailer reports them as rejected, the send job gives the mail up at
// once (no retry can deliver it) and the report recipient is marked bounced, never sent to again.
describe('report e-mails through SMTP, with a server that refuses an address', async () => {
  const refused = new Set<string>();
  const deferred = new Set<string>();
  const smtp = await startSmtpServer(0, { rejectRecipient: (a) => refused.has(a.toLowerCase()), deferRecipient: (a) => deferred.has(a.toLowerCase()) });
  afterAll(() => smtp.close());
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'RankMaps <no-reply@rankmaps.test>' });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, createPlace, addKeyword } = rankmapFixtures(app, container);
  const db = container.database.db;

  const mailsTo = (to: string, kind: string) => db.select().from(emails).where(and(eq(emails.to, to), eq(emails.kind, kind)));
  /** What the send-email job does with each of the address's mails of `kind`. */
  const deliver = async (to: string, kind: string) => {
    for (const m of await mailsTo(to, kind)) await handleSendEmail(container, { emailId: m.id });
  };
  const stateOf = async (email: string) => (await db.select().from(reportRecipients).where(eq(reportRecipients.email, email)))[0];
  const received = (to: string) => smtp.received.filter((m) => m.to.includes(to));

  async function round(headers: Headers, placeId: string) {
    const res = await app.inject({ method: 'POST', url: `/api/dev/report-round/${placeId}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const { round: key } = res.json<{ round: string }>();
    for (const a of await db.select().from(rankMaps).where(and(eq(rankMaps.placeId, placeId), eq(rankMaps.weeklySlot, key)))) {
      expect(await runScan(fastScanDeps(container, scriptedProvider().provider), a.id)).toBe('completed');
      await handleNotifyAnalysis(container, { rankMapId: a.id });
    }
    const [send] = await db.select().from(reportSends).where(and(eq(reportSends.placeId, placeId), eq(reportSends.round, key)));
    return send!;
  }

  it('when the server refuses a confirmed recipient’s address, then that report mail fails at once without retry, the recipient is «Rebotado», and the next round goes only to the others; the good one arrives with the PDF', { timeout: 120_000 }, async () => {
    const { headers } = await signedIn('pro_starter');
    const placeId = await createPlace(headers, 'demo-malaga-dentista-1', MALAGA, 3);
    await addKeyword(headers, placeId, 'dentista');
    expect((await app.inject({ method: 'PUT', url: `/api/place/${placeId}/report-schedule`, headers, payload: { mode: 'weekly', monthDay: null } })).statusCode).toBe(200);
    const good = uniqueEmail('bueno');
    const gone = uniqueEmail('desaparecido');
    for (const email of [good, gone]) {
      expect((await app.inject({ method: 'POST', url: `/api/place/${placeId}/report-recipients`, headers, payload: { email } })).statusCode).toBe(201);
      await deliver(email, 'report-recipient-confirm');
      const token = /report-recipients\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(decodeQuotedPrintable(received(email)[0]!.raw))![1]!;
      expect((await app.inject({ method: 'POST', url: `/api/report-recipients/confirm?token=${token}` })).statusCode).toBe(200);
    }
    // The mailbox is closed after it was confirmed.
    refused.add(gone);

    const deps = reportDepsDouble();
    const first = await round(headers, placeId);
    await handleReportEmail(container, { sendId: first.id }, deps);
    expect(await mailsTo(gone, 'report-email')).toHaveLength(1);
    // Not thrown: pg-boss would otherwise retry a delivery that cannot succeed.
    await deliver(gone, 'report-email');
    await deliver(good, 'report-email');
    const [bounced] = await mailsTo(gone, 'report-email');
    expect(bounced).toMatchObject({ status: 'failed', attempts: 0, lastError: expect.stringMatching(/^Rechazado por el servidor de correo \(550\)/) });
    expect(await stateOf(gone)).toMatchObject({ state: 'bounced', stateReason: expect.stringContaining('550') });
    expect(await stateOf(good)).toMatchObject({ state: 'confirmed' });
    const list = await app.inject({ method: 'GET', url: `/api/place/${placeId}/report-recipients`, headers });
    expect(list.json<{ recipients: { email: string; state: string }[] }>().recipients.find((r) => r.email === gone)?.state).toBe('bounced');

    const [delivered] = received(good).filter((m) => m.raw.includes('application/pdf'));
    expect(delivered).toBeDefined();
    const unfoldedRaw = delivered!.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(unfoldedRaw, unfoldedRaw.slice(-1500)).toMatch(/Content-Type: application\/pdf; name=informe-clinica-sonrisa-dev-\d+\.pdf/);
    // The attachment's base64 starts with that of "%PDF-".
    expect(delivered!.raw).toMatch(/\r?\n\r?\nJVBERi0/);
    expect(delivered!.raw.replace(/\r?\n[ \t]+/g, ' ')).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/api\/report-recipients\/unsubscribe\?token=/m);

    const second = await round(headers, placeId);
    await handleReportEmail(container, { sendId: second.id }, deps);
    expect(await mailsTo(gone, 'report-email')).toHaveLength(1);
    expect(await mailsTo(good, 'report-email')).toHaveLength(2);
  });

  it('when the confirmation e-mail itself is refused, then the recipient is «Rebotado» before confirming, and is never sent a report', async () => {
    const { headers } = await signedIn('pro_starter');
    const placeId = await createPlace(headers, 'demo-malaga-dentista-1', MALAGA, 3);
    const nobody = uniqueEmail('no-existe');
    refused.add(nobody);
    expect((await app.inject({ method: 'POST', url: `/api/place/${placeId}/report-recipients`, headers, payload: { email: nobody } })).statusCode).toBe(201);
    await deliver(nobody, 'report-recipient-confirm');
    expect((await mailsTo(nobody, 'report-recipient-confirm'))[0]).toMatchObject({ status: 'failed' });
    expect(await stateOf(nobody)).toMatchObject({ state: 'bounced', confirmedAt: null });
    expect(received(nobody)).toEqual([]);
  });

  it('when the server answers 4xx to RCPT TO (greylisting), then the mail stays queued with the error for another try and nobody is marked bounced', async () => {
    const { headers } = await signedIn('pro_starter');
    const placeId = await createPlace(headers, 'demo-malaga-dentista-1', MALAGA, 3);
    const grey = uniqueEmail('gris');
    deferred.add(grey);
    expect((await app.inject({ method: 'POST', url: `/api/place/${placeId}/report-recipients`, headers, payload: { email: grey } })).statusCode).toBe(201);
    await expect(deliver(grey, 'report-recipient-confirm')).rejects.toThrow();
    expect((await mailsTo(grey, 'report-recipient-confirm'))[0]).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringContaining('450') });
    expect(await stateOf(grey)).toMatchObject({ state: 'pending' });
    // The next try, once the server takes it, delivers it.
    deferred.delete(grey);
    await deliver(grey, 'report-recipient-confirm');
    expect((await mailsTo(grey, 'report-recipient-confirm'))[0]).toMatchObject({ status: 'sent' });
    expect(received(grey)).toHaveLength(1);
  });
});
