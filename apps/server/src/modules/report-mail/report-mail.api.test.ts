import { and, eq, sql } from 'drizzle-orm';
import type { ReportRecipientsResponse, ReportSchedule } from '@rankmaps/shared/schemas/report-mail';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/factories';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { MALAGA, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { AGENCY_BRAND, FIXTURE_BUSINESS, buildPlaceScopeReport } from '../../../test/report-fixtures';
import { PDF_DOUBLE, reportDepsDouble } from '../../../test/report-mail';
import { fastScanDeps, scriptedProvider } from '../../../test/scan-doubles';
import { createTestApp } from '../../../test/test-app';
import { rowsOf } from '../../db/client';
import { rankMaps } from '../../db/rankmaps-schema';
import { reportRecipients, reportSends } from '../../db/report-mail-schema';
import { shareLinks } from '../../db/share-links-schema';
import { emails } from '../../db/schema';
import { REPORT_EMAIL_JOB } from '../../jobs/definitions/report-email';
import { handleNotifyAnalysis } from '../../jobs/handlers/notify-analysis';
import { handleReportEmail } from '../../jobs/handlers/report-email';
import { mailRepository } from '../mail/mail.repository';
import { runScan } from '../rankmaps/scan/scan.service';
import { RECIPIENT_EXISTS, RECIPIENT_LIMIT } from './recipients.service';
import { monthlyDueAt, queueDueMonthlyReports } from './report-rounds.service';
import { reportSendDeps } from './report-send.deps';

type Headers = Record<string, string>;

describe('scheduled report e-mails', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, createPlace, addKeyword } = rankmapFixtures(app, container);
  const db = container.database.db;

  const recipientsUrl = (placeId: string) => `/api/place/${placeId}/report-recipients`;
  const add = (headers: Headers, placeId: string, email: string, name?: string) =>
    app.inject({ method: 'POST', url: recipientsUrl(placeId), headers, payload: { email, ...(name ? { name } : {}) } });
  const list = async (headers: Headers, placeId: string) => (await app.inject({ method: 'GET', url: recipientsUrl(placeId), headers })).json<ReportRecipientsResponse>();
  const mailsTo = (to: string, kind?: string) => db.select().from(emails).where(kind ? and(eq(emails.to, to), eq(emails.kind, kind)) : eq(emails.to, to));
  const confirmTokenOf = async (to: string) => {
    const [mail] = await mailsTo(to, 'report-recipient-confirm');
    const token = /\/api\/report-recipients\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no confirmation link to ${to}`);
    return token;
  };
  const stateOf = async (id: string) => (await db.select().from(reportRecipients).where(eq(reportRecipients.id, id)))[0]?.state;
  const setSchedule = (headers: Headers, placeId: string, schedule: ReportSchedule) =>
    app.inject({ method: 'PUT', url: `/api/place/${placeId}/report-schedule`, headers, payload: schedule });
  const reportJobs = (sendId: string) => rowsOf<{ state: string }>(db, sql`select state::text as state from pgboss.job where name = ${REPORT_EMAIL_JOB} and data->>'sendId' = ${sendId}`);

  /** A subscriber's place with `keywords`, its report sent after each weekly round, and recipients in each state. */
  async function placeWithRecipients(googlePlaceId: string, keywords: string[] = ['dentista', 'implantes']) {
    const { user, headers } = await signedIn('pro_starter');
    const placeId = await createPlace(headers, googlePlaceId, MALAGA, 3);
    for (const k of keywords) await addKeyword(headers, placeId, k);
    expect((await setSchedule(headers, placeId, { mode: 'weekly', monthDay: null })).statusCode).toBe(200);
    const who = { confirmed: uniqueEmail('confirmado'), pending: uniqueEmail('pendiente'), bounced: uniqueEmail('rebotado'), unsubscribed: uniqueEmail('baja') };
    const ids: Record<keyof typeof who, string> = { confirmed: '', pending: '', bounced: '', unsubscribed: '' };
    for (const [state, email] of Object.entries(who) as [keyof typeof who, string][]) {
      const res = await add(headers, placeId, email, state === 'confirmed' ? 'Marta' : undefined);
      expect(res.statusCode, res.body).toBe(201);
      ids[state] = res.json<{ recipient: { id: string } }>().recipient.id;
      if (state !== 'pending') {
        const token = await confirmTokenOf(email);
        expect((await app.inject({ method: 'POST', url: `/api/report-recipients/confirm?token=${token}` })).statusCode).toBe(200);
      }
    }
    await db.update(reportRecipients).set({ state: 'bounced' }).where(eq(reportRecipients.id, ids.bounced));
    await db.update(reportRecipients).set({ state: 'unsubscribed' }).where(eq(reportRecipients.id, ids.unsubscribed));
    return { user, headers, placeId, who, ids };
  }

  /** Runs the place's weekly round (the development route queues it), each analysis to its end, and its notify-analysis job after each. */
  async function runRound(headers: Headers, placeId: string, opts: { stopAfter?: number } = {}) {
    const res = await app.inject({ method: 'POST', url: `/api/dev/report-round/${placeId}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const { round } = res.json<{ round: string; analyses: number }>();
    const analyses = await db.select().from(rankMaps).where(and(eq(rankMaps.placeId, placeId), eq(rankMaps.weeklySlot, round)));
    let ran = 0;
    for (const a of analyses) {
      if (opts.stopAfter !== undefined && ran >= opts.stopAfter) break;
      expect(await runScan(fastScanDeps(container, scriptedProvider().provider), a.id)).toBe('completed');
      await handleNotifyAnalysis(container, { rankMapId: a.id });
      ran++;
    }
    const sends = await db.select().from(reportSends).where(and(eq(reportSends.placeId, placeId), eq(reportSends.round, round)));
    return { round, analyses, sends };
  }

  describe('recipients', () => {
    it('when the owner adds a recipient, then it is pending and gets a Spanish confirmation e-mail naming the business and who shares it; the same address again is a 409 that sends nothing', async () => {
      const { user, headers } = await signedIn('pro_starter', { name: 'Lucía Agencia' });
      const placeId = await createPlace(headers, 'demo-malaga-dentista-1', MALAGA, 3);
      const email = uniqueEmail('cliente');
      const res = await add(headers, placeId, `  ${email.toUpperCase()} `, 'Pedro');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ recipient: { email, name: 'Pedro', state: 'pending', confirmedAt: null }, max: 10 });
      const [mail] = await mailsTo(email, 'report-recipient-confirm');
      expect(mail?.subject).toMatch(/^Lucía Agencia quiere enviarte los informes de .+$/);
      expect(mail?.text).toContain('Hola, Pedro:');
      expect(mail?.text).toMatch(/Confirmar: http:\/\/localhost:3000\/api\/report-recipients\/confirm\?token=[A-Za-z0-9_-]{43}/);
      // The token is only in the e-mail: the row keeps its hash.
      const [row] = await db.select().from(reportRecipients).where(eq(reportRecipients.email, email));
      expect(mail?.text).not.toContain(row!.confirmTokenHash);

      for (const again of [email, email.toUpperCase()]) {
        const dup = await add(headers, placeId, again);
        expect(dup.statusCode).toBe(409);
        expect(dup.json()).toMatchObject({ error: RECIPIENT_EXISTS });
      }
      expect(await mailsTo(email)).toHaveLength(1);
      expect((await list(headers, placeId)).recipients).toHaveLength(1);
      expect(user.id).toBeTruthy();
    });

    it('when the place has 10 recipients, then an eleventh is refused with 409 in Spanish, also when two are added at once', async () => {
      const { headers } = await signedIn('pro_starter');
      const placeId = await createPlace(headers, 'demo-malaga-dentista-1', MALAGA, 3);
      for (let i = 0; i < 9; i++) expect((await add(headers, placeId, uniqueEmail(`r${i}`))).statusCode).toBe(201);
      const both = await Promise.all([add(headers, placeId, uniqueEmail('a')), add(headers, placeId, uniqueEmail('b'))]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(both.find((r) => r.statusCode === 409)!.json()).toMatchObject({ error: RECIPIENT_LIMIT });
      expect((await list(headers, placeId)).recipients).toHaveLength(10);
    });

    it('when the input is bad, or the place or recipient is not the caller’s, then 400 or 404 in Spanish and nothing changes', async () => {
      const { headers } = await signedIn('pro_starter');
      const placeId = await createPlace(headers, 'demo-malaga-dentista-1', MALAGA, 3);
      const other = await signedIn('pro_starter');
      for (const payload of [{ email: 'no-es-un-correo' }, {}, { email: uniqueEmail(), name: 'x'.repeat(101) }, { email: 42 }]) {
        const res = await app.inject({ method: 'POST', url: recipientsUrl(placeId), headers, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error).toMatch(/email|nombre/i);
      }
      const mine = (await add(headers, placeId, uniqueEmail('mio'))).json<{ recipient: { id: string } }>().recipient.id;
      expect((await add(other.headers, placeId, uniqueEmail())).statusCode).toBe(404);
      expect((await app.inject({ method: 'DELETE', url: `${recipientsUrl(placeId)}/${mine}`, headers: other.headers })).json()).toMatchObject({ error: 'Lugar no encontrado.' });
      const missing = await app.inject({ method: 'DELETE', url: `${recipientsUrl(placeId)}/00000000-0000-4000-8000-000000000000`, headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: 'Destinatario no encontrado.' });
      expect((await list(headers, placeId)).recipients).toHaveLength(1);

      const removed = await app.inject({ method: 'DELETE', url: `${recipientsUrl(placeId)}/${mine}`, headers });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ recipients: [], max: 10 });
    });

    it('when the confirmation link is opened, then GET only shows the «Confirmar» page and changes nothing; POST confirms; a forged token is a Spanish page and changes nothing', async () => {
      const { headers } = await signedIn('pro_starter');
      const placeId = await createPlace(headers, 'demo-malaga-dentista-1', MALAGA, 3);
      const email = uniqueEmail('confirma');
      const id = (await add(headers, placeId, email)).json<{ recipient: { id: string } }>().recipient.id;
      const token = await confirmTokenOf(email);

      const shown = await app.inject({ method: 'GET', url: `/api/report-recipients/confirm?token=${token}` });
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toMatch(/^text\/html/);
      expect(shown.body).toContain('<html lang="es"');
      expect(shown.body).toMatch(/<form method="post" action="\/api\/report-recipients\/confirm\?token=[^"]+"><button type="submit">Confirmar<\/button>/);
      expect(await stateOf(id)).toBe('pending');

      const forged = await app.inject({ method: 'POST', url: `/api/report-recipients/confirm?token=${token.slice(0, -2)}AA` });
      expect(forged.statusCode).toBe(400);
      expect(forged.body).toContain('El enlace de confirmación no es válido');
      expect(await stateOf(id)).toBe('pending');

      const done = await app.inject({ method: 'POST', url: `/api/report-recipients/confirm?token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('Dirección confirmada');
      expect(await stateOf(id)).toBe('confirmed');
      expect((await list(headers, placeId)).recipients[0]).toMatchObject({ state: 'confirmed', confirmedAt: expect.any(String) });
    });

    it('when an agency with its own brand adds a recipient, then the confirmation and unsubscribe pages carry that brand, as its e-mails do', async () => {
      const { headers } = await signedIn('pro_agency');
      const brand = { name: 'Agencia Norte', accent: '#0f766e', contact: 'hola@agencianorte.es', footer: 'Informes para nuestros clientes', hidePoweredBy: false };
      expect((await app.inject({ method: 'PUT', url: '/api/report-brand', headers, payload: brand })).statusCode).toBe(200);
      const placeId = await createPlace(headers, 'demo-malaga-dentista-1', MALAGA, 3);
      const email = uniqueEmail('marca');
      await add(headers, placeId, email);
      const token = await confirmTokenOf(email);

      const shown = await app.inject({ method: 'GET', url: `/api/report-recipients/confirm?token=${token}` });
      expect(shown.body).toContain('<span class="brand">Agencia Norte</span>');
      expect(shown.body).toContain('background:#0f766e');
      expect(shown.body).toContain('hola@agencianorte.es');
      const done = await app.inject({ method: 'POST', url: `/api/report-recipients/confirm?token=${token}` });
      expect(done.body).toContain('Dirección confirmada');
      expect(done.body).toContain('<span class="brand">Agencia Norte</span>');
      // A link that is not valid names no agency.
      const forged = await app.inject({ method: 'GET', url: `/api/report-recipients/confirm?token=${token.slice(0, -2)}AA` });
      expect(forged.body).not.toContain('Agencia Norte');
    });
  });

  describe('schedule', () => {
    it('when nothing is set, then it is off; monthly needs a day from 1 to 28, and a bad one changes nothing', async () => {
      const { headers } = await signedIn('pro_starter');
      const placeId = await createPlace(headers, 'demo-malaga-dentista-1', MALAGA, 3);
      const url = `/api/place/${placeId}/report-schedule`;
      expect((await app.inject({ method: 'GET', url, headers })).json()).toEqual({ mode: 'off', monthDay: null });
      for (const payload of [{ mode: 'monthly', monthDay: null }, { mode: 'monthly', monthDay: 29 }, { mode: 'monthly', monthDay: 2.5 }, { mode: 'daily', monthDay: null }]) {
        const res = await app.inject({ method: 'PUT', url, headers, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error).toMatch(/día del mes|Elige cuándo/);
      }
      expect((await app.inject({ method: 'GET', url, headers })).json()).toEqual({ mode: 'off', monthDay: null });
      expect((await setSchedule(headers, placeId, { mode: 'monthly', monthDay: 28 })).json()).toEqual({ mode: 'monthly', monthDay: 28 });
      expect((await app.inject({ method: 'GET', url, headers })).json()).toEqual({ mode: 'monthly', monthDay: 28 });
    });
  });

  describe('sending', () => {
    it('when a weekly round completes, then one report e-mail per confirmed recipient is queued with the PDF attached and the share link; running the job again sends nothing more', async () => {
      const { user, headers, placeId, who } = await placeWithRecipients('demo-malaga-dentista-1');
      const deps = reportDepsDouble();

      // The first analysis ending does not end the round: the second is still pending.
      const partial = await runRound(headers, placeId, { stopAfter: 1 });
      expect(partial.analyses).toHaveLength(2);
      expect(partial.sends).toEqual([]);
      // The rest of that round.
      const second = partial.analyses[1]!;
      expect(await runScan(fastScanDeps(container, scriptedProvider().provider), second.id)).toBe('completed');
      await handleNotifyAnalysis(container, { rankMapId: second.id });
      // Seen again by the first analysis's job (a retry): still one round.
      await handleNotifyAnalysis(container, { rankMapId: partial.analyses[0]!.id });
      const sends = await db.select().from(reportSends).where(eq(reportSends.placeId, placeId));
      expect(sends).toHaveLength(1);
      expect(sends[0]).toMatchObject({ round: partial.round, status: 'queued', trigger: 'dev' });
      expect(await reportJobs(sends[0]!.id)).toEqual([{ state: 'created' }]);

      await handleReportEmail(container, { sendId: sends[0]!.id }, deps);
      await handleReportEmail(container, { sendId: sends[0]!.id }, deps);
      expect(deps.renders).toBe(1);
      expect(deps.links).toEqual([expect.objectContaining({ ownerId: user.id, placeId, expiresInDays: 90 })]);

      const [mail, ...more] = await mailsTo(who.confirmed, 'report-email');
      expect(more).toEqual([]);
      for (const to of [who.pending, who.bounced, who.unsubscribed]) expect(await mailsTo(to, 'report-email')).toEqual([]);
      expect(mail!.subject).toBe('Informe semanal de Clínica Sonrisa en Google Maps');
      expect(mail!.text).toContain('Hola, Marta:');
      expect(mail!.text).toContain('• dentista: GeoRank 54,2 (+3 desde el análisis anterior)');
      expect(mail!.text).toContain('• implantes dentales: sin análisis completado todavía');
      expect(mail!.text).toContain(`Ver el informe: http://localhost:3000/informe/prueba-${deps.links[0]!.id}`);
      expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'List-Unsubscribe': expect.stringMatching(/^<http:\/\/localhost:3000\/api\/report-recipients\/unsubscribe\?token=/) });
      expect(mail!.attachments).toEqual([{ filename: `informe-clinica-sonrisa-${partial.round}.pdf`, contentType: 'application/pdf', sha256: expect.any(String), size: PDF_DOUBLE.length }]);
      const [pdf] = await mailRepository.attachmentContents(db, mail!.attachments!);
      expect(pdf!.subarray(0, 5).toString()).toBe('%PDF-');
      const [done] = await db.select().from(reportSends).where(eq(reportSends.id, sends[0]!.id));
      expect(done).toMatchObject({ status: 'sent', recipients: 1, shareLinkId: deps.links[0]!.id, doneAt: expect.any(Date) });

      // The developer outbox lists the attachment and serves it.
      const outbox = (await app.inject({ method: 'GET', url: '/api/dev/mail' })).json<{ emails: { id: string; attachments?: { url: string; filename: string }[] }[] }>();
      const listed = outbox.emails.find((e) => e.id === mail!.id);
      expect(listed?.attachments?.[0]?.filename).toBe(mail!.attachments![0]!.filename);
      const file = await app.inject({ method: 'GET', url: listed!.attachments![0]!.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('when the PDF fails to render, then the job throws (pg-boss retries), the failure is kept, and no e-mail exists until a try renders it', async () => {
      const { headers, placeId, who } = await placeWithRecipients('demo-malaga-dentista-1', ['dentista']);
      const deps = reportDepsDouble();
      deps.failRenders(2);
      const { sends } = await runRound(headers, placeId);
      const sendId = sends[0]!.id;
      for (let i = 1; i <= 2; i++) {
        await expect(handleReportEmail(container, { sendId }, deps)).rejects.toThrow('El PDF no se pudo generar');
        expect(await mailsTo(who.confirmed, 'report-email')).toEqual([]);
        expect((await db.select().from(reportSends).where(eq(reportSends.id, sendId)))[0]).toMatchObject({ status: 'queued', attempts: i, lastError: 'El PDF no se pudo generar (prueba)' });
      }
      expect(deps.links).toEqual([]);
      await handleReportEmail(container, { sendId }, deps);
      expect(await mailsTo(who.confirmed, 'report-email')).toHaveLength(1);
      expect(deps.renders).toBe(3);
    });

    it('when the report-email job crashes after queuing the e-mails but before committing, then nothing of that try is kept and the next try sends each once', async () => {
      const { headers, placeId, who } = await placeWithRecipients('demo-malaga-dentista-1', ['dentista']);
      const deps = reportDepsDouble();
      const { sends } = await runRound(headers, placeId);
      const crashing = { ...deps, createShareLink: async () => Promise.reject(new Error('el proceso murió')) };
      await expect(handleReportEmail(container, { sendId: sends[0]!.id }, crashing)).rejects.toThrow('el proceso murió');
      expect(await mailsTo(who.confirmed)).toHaveLength(1); // only the confirmation
      await handleReportEmail(container, { sendId: sends[0]!.id }, deps);
      await handleReportEmail(container, { sendId: sends[0]!.id }, deps);
      expect(await mailsTo(who.confirmed, 'report-email')).toHaveLength(1);
    });

    it('when a recipient follows the one-click unsubscribe, then GET changes nothing, POST marks them «Baja», and the next round skips them', async () => {
      const { headers, placeId, who, ids } = await placeWithRecipients('demo-malaga-dentista-1', ['dentista']);
      const deps = reportDepsDouble();
      const first = await runRound(headers, placeId);
      await handleReportEmail(container, { sendId: first.sends[0]!.id }, deps);
      const [mail] = await mailsTo(who.confirmed, 'report-email');
      const url = /^<([^>]+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
      const path = url.slice(container.config.appUrl.length);

      const page = await app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Darme de baja');
      expect(await stateOf(ids.confirmed)).toBe('confirmed');
      const forged = await app.inject({ method: 'POST', url: `${path.slice(0, -3)}AAA` });
      expect(forged.statusCode).toBe(400);
      expect(await stateOf(ids.confirmed)).toBe('confirmed');

      const res = await app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Baja confirmada');
      expect(await stateOf(ids.confirmed)).toBe('unsubscribed');
      expect((await list(headers, placeId)).recipients.find((r) => r.id === ids.confirmed)?.state).toBe('unsubscribed');

      const second = await runRound(headers, placeId);
      await handleReportEmail(container, { sendId: second.sends[0]!.id }, deps);
      expect(await mailsTo(who.confirmed, 'report-email')).toHaveLength(1);
      // Nobody confirmed is left: the round is skipped without building a PDF.
      expect((await db.select().from(reportSends).where(eq(reportSends.id, second.sends[0]!.id)))[0]).toMatchObject({ status: 'skipped', recipients: 0 });
      expect(deps.renders).toBe(1);
    });

    it('when a place is on a monthly schedule, then its round is queued once on its day from 09:00 on its clock, and again the next month', async () => {
      const { headers, placeId } = await placeWithRecipients('demo-malaga-dentista-1', ['dentista']);
      expect((await setSchedule(headers, placeId, { mode: 'monthly', monthDay: 15 })).statusCode).toBe(200);
      const due = monthlyDueAt(new Date('2027-03-10T12:00:00Z'), 15, 'Europe/Madrid');
      expect(due.toISOString()).toBe('2027-03-15T08:00:00.000Z');
      const mine = async () => (await db.select().from(reportSends).where(eq(reportSends.placeId, placeId))).map((s) => s.round).sort();

      await queueDueMonthlyReports(container, new Date(due.getTime() - 60_000));
      expect(await mine()).toEqual([]);
      await Promise.all([queueDueMonthlyReports(container, new Date(due.getTime() + 60_000)), queueDueMonthlyReports(container, new Date(due.getTime() + 60_000))]);
      await queueDueMonthlyReports(container, new Date(due.getTime() + 5 * 3_600_000));
      expect(await mine()).toEqual(['2027-03']);
      // A day missed entirely is not sent late.
      await queueDueMonthlyReports(container, new Date('2027-04-17T10:00:00Z'));
      expect(await mine()).toEqual(['2027-03']);
      await queueDueMonthlyReports(container, new Date('2027-05-15T07:30:00Z'));
      expect(await mine()).toEqual(['2027-03', '2027-05']);
      const [send] = await db.select().from(reportSends).where(and(eq(reportSends.placeId, placeId), eq(reportSends.round, '2027-05')));
      expect(send).toMatchObject({ trigger: 'monthly', status: 'queued' });
      expect(await reportJobs(send!.id)).toHaveLength(1);

      // The monthly e-mail says so.
      const deps = reportDepsDouble();
      await handleReportEmail(container, { sendId: send!.id }, deps);
      const mails = (await db.select().from(emails).where(eq(emails.kind, 'report-email'))).filter((m) => m.subject.startsWith('Informe mensual'));
      expect(mails.length).toBeGreaterThanOrEqual(1);
    });

    it('when the report brand is white-label, then the e-mail carries the agency’s name, accent, contact and «Hecho con RankMaps», with the real renderer’s PDF attached', async () => {
      const { headers, placeId, who } = await placeWithRecipients('demo-malaga-dentista-1', ['dentista']);
      // The place is grouped under a client with a logo (docs/decisions.md §25.1).
      const client = { name: 'Grupo Dental Sur', logoUrl: `/api/client-logo/${'ab'.repeat(16)}.png` };
      const report = { ...buildPlaceScopeReport({ brand: AGENCY_BRAND, keywordCount: 2 }), client };
      const deps = { ...reportDepsDouble(), buildPlaceReport: async () => report, renderPdf: reportSendDeps.renderPdf };
      const { sends } = await runRound(headers, placeId);
      await handleReportEmail(container, { sendId: sends[0]!.id }, deps);
      const [mail] = await mailsTo(who.confirmed, 'report-email');
      expect(mail!.subject).toBe(`Informe semanal de ${FIXTURE_BUSINESS} en Google Maps`);
      expect(mail!.html).toContain(`color:${AGENCY_BRAND.accent}">Agencia Peñalara Marketing</p>`);
      expect(mail!.html).not.toContain('Seguimiento de posiciones en búsquedas locales');
      expect(mail!.text).toContain(AGENCY_BRAND.contact!);
      expect(mail!.text).toContain('— Agencia Peñalara Marketing · Hecho con RankMaps');
      expect(mail!.text.startsWith('Informe para Grupo Dental Sur\n')).toBe(true);
      expect(mail!.html).toContain('Informe para Grupo Dental Sur</span>');
      expect(mail!.html).toContain(`<img src="${container.config.appUrl}${client.logoUrl}" alt="Logo de Grupo Dental Sur"`);
      for (const row of (report as Extract<typeof report, { scope: 'place' }>).summary) expect(mail!.text).toContain(`• ${row.keyword}: `);
      const [pdf] = await mailRepository.attachmentContents(db, mail!.attachments!);
      expect(pdf!.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf!.length).toBeGreaterThan(5000);
    });

    it('when the real builder, renderer and share links make the report, then the e-mail sums up each keyword of the round, carries their PDF, and its link opens the place report for 90 days', async () => {
      const { user, headers, placeId, who } = await placeWithRecipients('demo-malaga-dentista-1', ['dentista', 'ortodoncia']);
      const { sends } = await runRound(headers, placeId);
      await handleReportEmail(container, { sendId: sends[0]!.id }, reportSendDeps);
      await handleReportEmail(container, { sendId: sends[0]!.id }, reportSendDeps);
      const [mail, ...more] = await mailsTo(who.confirmed, 'report-email');
      expect(more).toEqual([]);
      expect(mail!.text).toMatch(/• dentista: GeoRank \d+/);
      expect(mail!.text).toMatch(/• ortodoncia: GeoRank \d+/);
      // A place without a client: no «Informe para» line.
      expect(mail!.text).not.toContain('Informe para');
      const [pdf] = await mailRepository.attachmentContents(db, mail!.attachments!);
      expect(pdf!.subarray(0, 5).toString()).toBe('%PDF-');

      // One link for the round, the owner's, of the place, for 90 days; the e-mail's URL opens it with no session.
      const links = await db.select().from(shareLinks).where(eq(shareLinks.placeId, placeId));
      expect(links).toHaveLength(1);
      expect(links[0]).toMatchObject({ userId: user.id, scope: 'place', keywordId: null, rankMapId: null, revokedAt: null });
      const days = (links[0]!.expiresAt!.getTime() - links[0]!.createdAt.getTime()) / 86_400_000;
      expect(days).toBe(90);
      const token = /Ver el informe: http:\/\/localhost:3000\/informe\/([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
      expect(token).toBeDefined();
      const shared = await app.inject({ method: 'GET', url: `/api/share/${token}` });
      expect(shared.statusCode, shared.body).toBe(200);
      expect(shared.json()).toMatchObject({ scope: 'place', summary: [expect.objectContaining({ keyword: 'dentista' }), expect.objectContaining({ keyword: 'ortodoncia' })] });
      expect((await db.select().from(reportSends).where(eq(reportSends.id, sends[0]!.id)))[0]).toMatchObject({ status: 'sent', shareLinkId: links[0]!.id });
    });

    it('when the schedule is off, then a completed weekly round queues nothing', async () => {
      const { headers, placeId } = await placeWithRecipients('demo-malaga-dentista-1', ['dentista']);
      expect((await setSchedule(headers, placeId, { mode: 'off', monthDay: null })).statusCode).toBe(200);
      const { sends } = await runRound(headers, placeId);
      expect(sends).toEqual([]);
    });
  });
});
