import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookableSlots, slotsBetween } from '@rankmaps/shared/support-hours';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { emails } from '../../db/schema';
import { videoBookings } from '../../db/video-call-schema';
import { mailRepository } from '../mail/mail.repository';
import { grantOperator } from '../operator/operator.service';
import { queueVideoReminders } from './video-call.service';

const SUPPORT = 'videollamadas@rankmaps.es';
const BASE = '/api/general/support/video';
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('video calls with the support team (docs/support.md «Videollamada»)', async () => {
  const { app, container } = await createTestApp({ SUPPORT_EMAIL: SUPPORT, VIDEO_MEETING_URL_TEMPLATE: 'https://meet.example.org/sala/{id}?lang=es' });
  const db = container.database.db;
  const { signedIn } = sessions(app, container);
  const premium = await signedIn('premium', { name: 'Lucía Fernández' });

  /** Free slots as the route lists them; each test takes its own, from `skip` on, so tests never share one. */
  const freeSlots = async (client = premium) => {
    const res = await client.inject({ method: 'GET', url: `${BASE}/slots` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ slots: { start: string; end: string }[] }>().slots.map((s) => s.start);
  };
  let next = 0;
  /** A free slot nobody else in this file uses (a stride through the calendar). */
  const takeSlot = async () => {
    const slots = await freeSlots();
    next += 7;
    return slots[next % slots.length]!;
  };
  const book = (client: typeof premium, payload: object) => client.inject({ method: 'POST', url: `${BASE}/bookings`, payload });
  const bookingCount = async () => (await db.select({ n: count() }).from(videoBookings))[0]!.n;
  const mailCount = async () => (await db.select({ n: count() }).from(emails))[0]!.n;
  const mailsOf = (bookingKind: string, to: string) => db.select().from(emails).where(and(eq(emails.kind, bookingKind), eq(emails.to, to)));
  const icsOf = async (mail: { attachments: { sha256: string; filename: string; contentType: string; size: number }[] | null }) => {
    expect(mail.attachments).toHaveLength(1);
    const [content] = await mailRepository.attachmentContents(db, mail.attachments!);
    return content!.toString('utf8');
  };

  it('when a Premium user lists the slots, then they are the free 30-minute slots of the next 14 days in Madrid hours', async () => {
    const res = await premium.inject({ method: 'GET', url: `${BASE}/slots` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ timeZone: 'Europe/Madrid', slotMinutes: 30, hoursText: 'de lunes a viernes, de 9:00 a 18:00 (hora de España)' });
    const expected = bookableSlots(new Date()).map((d) => d.toISOString());
    // The calendar may have ticked over a slot between the two readings.
    expect(body.slots.length).toBeGreaterThan(expected.length - 2);
    expect(body.slots.every((s: { start: string; end: string }) => new Date(s.end).getTime() - new Date(s.start).getTime() === 30 * 60_000)).toBe(true);
  });

  it('when a Premium user books a slot with a topic, then 201, the slot is taken, and both sides get an e-mail in their zone with the link and an .ics REQUEST', async () => {
    const start = await takeSlot();
    const res = await book(premium, { start, topic: '  Dudas con la <b>facturación</b>  ', timeZone: 'America/Bogota' });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json();
    expect(booking).toMatchObject({ start, topic: 'Dudas con la <b>facturación</b>', timeZone: 'America/Bogota' });
    expect(booking.meetingUrl).toMatch(/^https:\/\/meet\.example\.org\/sala\/[0-9a-f]{24}\?lang=es$/);
    expect(await freeSlots()).not.toContain(start);
    const mine = (await premium.inject({ method: 'GET', url: `${BASE}/bookings` })).json();
    expect(mine).toEqual([booking]);

    const [toUser] = await mailsOf('video-booked', premium.user.email);
    const [toTeam] = await mailsOf('video-booked', SUPPORT);
    const when = (zone: string) => new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(new Date(start));
    expect(toUser!.text).toContain(`${when('America/Bogota')} (hora de Bogota)`);
    expect(toTeam!.text).toContain(`${when('Europe/Madrid')} (hora peninsular española)`);
    expect(toTeam!.text).toContain(premium.user.email);
    for (const mail of [toUser!, toTeam!]) {
      expect(mail.text).toContain(booking.meetingUrl);
      expect(mail.html).toContain('Dudas con la &lt;b&gt;facturación&lt;/b&gt;');
      expect(mail.attachments![0]).toMatchObject({ filename: 'videollamada-rankmaps.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST' });
      const lines = unfold(await icsOf(mail));
      expect(lines).toEqual(expect.arrayContaining(['METHOD:REQUEST', 'SEQUENCE:0', `UID:videollamada-${booking.id}@localhost`, `URL:${booking.meetingUrl}`]));
      expect(lines).toContain(`DTSTART:${start.replace(/[-:]/g, '').replace('.000', '')}`);
    }
  });

  it('when two users book the same slot at once, then one wins and the other gets a 400 in Spanish, and one booking exists', async () => {
    const start = await takeSlot();
    const other = await signedIn('pro_agency');
    const [a, b] = await Promise.all([book(premium, { start }), book(other, { start })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const loser = a.statusCode === 400 ? a : b;
    expect(loser.json()).toMatchObject({ error: 'Esa hora ya está reservada. Elige otra de las horas libres.', code: 'SLOT_TAKEN' });
    expect((await db.select().from(videoBookings).where(eq(videoBookings.startsAt, new Date(start)))).length).toBe(1);
    // The winner's invitations only: the loser's transaction wrote nothing.
    expect((await db.select().from(emails).where(eq(emails.kind, 'video-booked'))).filter((m) => m.text.includes(other.user.email) || m.to === other.user.email).length).toBe(a.statusCode === 201 ? 0 : 2);
  });

  const now = new Date();
  const past = slotsBetween(new Date(now.getTime() - 8 * 86_400_000), now).at(-1)!.toISOString();
  const tooFar = slotsBetween(new Date(now.getTime() + 15 * 86_400_000), new Date(now.getTime() + 22 * 86_400_000))[0]!.toISOString();
  const saturday = (() => {
    const d = new Date(now.getTime() + 86_400_000);
    while (d.getUTCDay() !== 6) d.setUTCDate(d.getUTCDate() + 1);
    d.setUTCHours(10, 0, 0, 0);
    return d.toISOString();
  })();

  it.each([
    ['a past slot', () => ({ start: past }), 'Esa hora ya ha pasado. Elige una de las horas libres.'],
    ['a slot beyond 14 days', () => ({ start: tooFar }), 'Solo se puede reservar en los próximos 14 días. Elige una de las horas libres.'],
    ['a Saturday', () => ({ start: saturday }), 'Esa hora no está en el calendario de soporte: de lunes a viernes, de 9:00 a 18:00 (hora de España), en punto o a y media. Elige una de las horas libres.'],
    ['a time off the half hour', async () => ({ start: new Date(new Date(await takeSlot()).getTime() + 10 * 60_000).toISOString() }), /no está en el calendario de soporte/],
    ['a malformed time', () => ({ start: 'mañana a las 10' }), 'La hora de la videollamada no es válida: elige una de las horas libres.'],
    ['an impossible date', () => ({ start: '2026-13-45T99:00:00Z' }), 'La hora de la videollamada no es válida: elige una de las horas libres.'],
    ['no time', () => ({}), 'La hora de la videollamada no es válida: elige una de las horas libres.'],
    ['an unknown zone', async () => ({ start: await takeSlot(), timeZone: 'Marte/Olympus' }), 'La zona horaria no es válida.'],
    ['a topic too long', async () => ({ start: await takeSlot(), topic: 'x'.repeat(201) }), 'El tema no puede tener más de 200 caracteres.'],
    ['a topic that is not text', async () => ({ start: await takeSlot(), topic: 42 }), 'El tema no puede tener más de 200 caracteres.'],
  ])('when the user books %s, then 400 in Spanish and nothing changes', async (_what, payload, message) => {
    const body: object = await Promise.resolve(payload());
    const [bookings, mails] = [await bookingCount(), await mailCount()];
    const res = await book(premium, body);
    expect(res.statusCode, res.body).toBe(400);
    // Schema refusals name the field first («start»: …), as every validation answer does.
    expect(res.json().error).toEqual(typeof message === 'string' ? expect.stringContaining(message) : expect.stringMatching(message));
    expect([await bookingCount(), await mailCount()]).toEqual([bookings, mails]);
  });

  it('when a slot is taken, then booking it again answers 400 and nothing changes', async () => {
    const start = await takeSlot();
    const other = await signedIn('premium');
    expect((await book(other, { start })).statusCode).toBe(201);
    const [bookings, mails] = [await bookingCount(), await mailCount()];
    const res = await book(premium, { start });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('SLOT_TAKEN');
    expect([await bookingCount(), await mailCount()]).toEqual([bookings, mails]);
  });

  it('when a user has 3 upcoming calls, then a 4th is refused with a 400 saying so', async () => {
    const busy = await signedIn('premium');
    for (let i = 0; i < 3; i++) expect((await book(busy, { start: await takeSlot() })).statusCode).toBe(201);
    const res = await book(busy, { start: await takeSlot() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Ya tienes 3 videollamadas reservadas. Cancela o cambia una de ellas para reservar otra.');
  });

  it.each([
    ['basico', 'el plan Premium'],
    ['profesional', 'el plan Premium'],
    [undefined, 'el plan Premium'],
  ])('when a user on %s lists slots, books or moves, then 403 in Spanish naming %s, and nothing is booked', async (plan, need) => {
    const user = await signedIn(plan);
    const bookings = await bookingCount();
    const start = (await freeSlots())[0]!;
    const calls = [
      { method: 'GET' as const, url: `${BASE}/slots` },
      { method: 'POST' as const, url: `${BASE}/bookings`, payload: { start } },
      { method: 'PUT' as const, url: `${BASE}/bookings/00000000-0000-4000-8000-000000000000`, payload: { start } },
    ];
    for (const call of calls) {
      const res = await user.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json()).toMatchObject({ errorType: 'upgrade_required', code: 'LIVE_SUPPORT_REQUIRED' });
      expect(res.json().error).toBe(`Las videollamadas con el equipo de soporte no están incluidas en tu plan: para reservarlas necesitas ${need}.`);
    }
    expect(await bookingCount()).toBe(bookings);
    // Their own (none) stay readable, and a missing one is simply not found.
    expect((await user.inject({ method: 'GET', url: `${BASE}/bookings` })).json()).toEqual([]);
    expect((await user.inject({ method: 'DELETE', url: `${BASE}/bookings/00000000-0000-4000-8000-000000000000` })).statusCode).toBe(404);
  });

  it('when a user’s plan lapses after booking, then they still see the call and can cancel it, but not move it', async () => {
    const lapsing = await signedIn('premium');
    const booking = (await book(lapsing, { start: await takeSlot() })).json();
    expect((await lapsing.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately' })).statusCode).toBe(200);
    expect((await lapsing.inject({ method: 'GET', url: `${BASE}/bookings` })).json()).toEqual([booking]);
    expect((await lapsing.inject({ method: 'PUT', url: `${BASE}/bookings/${booking.id}`, payload: { start: await takeSlot() } })).statusCode).toBe(403);
    const cancelled = await lapsing.inject({ method: 'DELETE', url: `${BASE}/bookings/${booking.id}` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await lapsing.inject({ method: 'GET', url: `${BASE}/bookings` })).json()).toEqual([]);
  });

  it('when the user moves a booking, then it changes time atomically, the old slot is free, and both get an .ics with the same UID and SEQUENCE 1', async () => {
    const mover = await signedIn('premium');
    const [from, to] = [await takeSlot(), await takeSlot()];
    const booking = (await book(mover, { start: from, timeZone: 'Europe/Lisbon' })).json();
    const res = await mover.inject({ method: 'PUT', url: `${BASE}/bookings/${booking.id}`, payload: { start: to } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: booking.id, start: to, meetingUrl: booking.meetingUrl });
    const free = await freeSlots();
    expect(free).toContain(from);
    expect(free).not.toContain(to);
    for (const to_ of [mover.user.email, SUPPORT]) {
      const mails = (await mailsOf('video-moved', to_)).filter((m) => m.text.includes(booking.meetingUrl));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Antes:');
      expect(unfold(await icsOf(mails[0]!))).toEqual(expect.arrayContaining(['METHOD:REQUEST', 'SEQUENCE:1', `UID:videollamada-${booking.id}@localhost`]));
    }
    const [row] = await db.select().from(videoBookings).where(eq(videoBookings.id, booking.id));
    expect(row).toMatchObject({ sequence: 1, startsAt: new Date(to) });
  });

  it('when the user moves a booking to a taken, past or its own slot, then 400 and the booking keeps its time', async () => {
    const mover = await signedIn('premium');
    const [mine, taken] = [await takeSlot(), await takeSlot()];
    const booking = (await book(mover, { start: mine })).json();
    expect((await book(premium, { start: taken })).statusCode).toBe(201);
    const mails = await mailCount();
    for (const [start, code] of [
      [taken, 'SLOT_TAKEN'],
      [past, 'SLOT_PAST'],
      [mine, 'SAME_SLOT'],
      ['ayer', 'FST_ERR_VALIDATION'],
    ] as const) {
      const res = await mover.inject({ method: 'PUT', url: `${BASE}/bookings/${booking.id}`, payload: { start } });
      expect(res.statusCode, res.body).toBe(400);
      if (code !== 'FST_ERR_VALIDATION') expect(res.json().code).toBe(code);
      expect(res.json().error).toMatch(/[áéíóú]|hora/);
    }
    const [row] = await db.select().from(videoBookings).where(eq(videoBookings.id, booking.id));
    expect(row).toMatchObject({ sequence: 0, startsAt: new Date(mine), cancelledAt: null });
    expect(await mailCount()).toBe(mails);
  });

  it('when another user names the booking, then 404 like a missing one, and nothing changes', async () => {
    const owner = await signedIn('premium');
    const booking = (await book(owner, { start: await takeSlot() })).json();
    const intruder = await signedIn('premium');
    for (const call of [
      { method: 'PUT' as const, url: `${BASE}/bookings/${booking.id}`, payload: { start: await takeSlot() } },
      { method: 'DELETE' as const, url: `${BASE}/bookings/${booking.id}` },
      { method: 'DELETE' as const, url: `${BASE}/bookings/no-es-un-id` },
    ]) {
      const res = await intruder.inject(call);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Videollamada no encontrada.');
    }
    expect((await intruder.inject({ method: 'GET', url: `${BASE}/bookings` })).json()).toEqual([]);
    const [row] = await db.select().from(videoBookings).where(eq(videoBookings.id, booking.id));
    expect(row).toMatchObject({ sequence: 0, cancelledAt: null });
  });

  it('when the user cancels, then the slot is free again and both get a METHOD:CANCEL .ics; cancelling again answers 404', async () => {
    const canceller = await signedIn('premium');
    const start = await takeSlot();
    const booking = (await book(canceller, { start })).json();
    const res = await canceller.inject({ method: 'DELETE', url: `${BASE}/bookings/${booking.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Videollamada cancelada/);
    expect(await freeSlots()).toContain(start);
    expect((await canceller.inject({ method: 'GET', url: `${BASE}/bookings` })).json()).toEqual([]);
    for (const to of [canceller.user.email, SUPPORT]) {
      const mails = (await mailsOf('video-cancelled', to)).filter((m) => m.text.includes(to === SUPPORT ? canceller.user.email : 'Has cancelado tu videollamada'));
      expect(mails.length).toBeGreaterThanOrEqual(1);
      const mail = mails.at(-1)!;
      expect(mail.attachments![0]!.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
      expect(unfold(await icsOf(mail))).toEqual(expect.arrayContaining(['METHOD:CANCEL', 'STATUS:CANCELLED', 'SEQUENCE:1', `UID:videollamada-${booking.id}@localhost`]));
    }
    const again = await canceller.inject({ method: 'DELETE', url: `${BASE}/bookings/${booking.id}` });
    expect(again.statusCode).toBe(404);
    // The freed slot can be booked again.
    expect((await book(canceller, { start })).statusCode).toBe(201);
  });

  it('when the reminder sweep runs within the hour before a call, several times and at once, then the user and the team get exactly one reminder each', async () => {
    const reminded = await signedIn('premium');
    const start = await takeSlot();
    const booking = (await book(reminded, { start })).json();
    const reminders = async () => (await db.select().from(emails).where(and(eq(emails.kind, 'video-reminder'), inArray(emails.to, [reminded.user.email, SUPPORT])))).filter((m) => m.text.includes(booking.meetingUrl));
    const startMs = new Date(start).getTime();
    // Two hours before: not yet.
    await queueVideoReminders(container, new Date(startMs - 2 * 3600_000));
    expect(await reminders()).toHaveLength(0);
    // 59 minutes before, from two workers at once, then once more (a retry).
    const at = new Date(startMs - 59 * 60_000);
    await Promise.all([queueVideoReminders(container, at), queueVideoReminders(container, at)]);
    await queueVideoReminders(container, new Date(at.getTime() + 60_000));
    const sent = await reminders();
    expect(sent.map((m) => m.to).sort()).toEqual([reminded.user.email, SUPPORT].sort());
    expect(sent.find((m) => m.to === SUPPORT)!.subject).toContain('Recordatorio');
    const [row] = await db.select().from(videoBookings).where(eq(videoBookings.id, booking.id));
    expect(row!.reminderSentAt).toEqual(at);
  });

  it('when a reminded call is moved, then its reminder is due again at the new time', async () => {
    const reminded = await signedIn('premium');
    const [first, second] = [await takeSlot(), await takeSlot()];
    const booking = (await book(reminded, { start: first })).json();
    await queueVideoReminders(container, new Date(new Date(first).getTime() - 30 * 60_000));
    expect((await reminded.inject({ method: 'PUT', url: `${BASE}/bookings/${booking.id}`, payload: { start: second } })).statusCode).toBe(200);
    const [row] = await db.select().from(videoBookings).where(eq(videoBookings.id, booking.id));
    expect(row!.reminderSentAt).toBeNull();
  });

  describe('the operator', async () => {
    const operator = await signedIn();
    await grantOperator(container.database, operator.user.email);
    const customer = await signedIn('premium', { name: 'Cliente Operado' });

    it('when an operator lists, moves and cancels a customer’s booking, then each works and both sides get the e-mails', async () => {
      const [from, to] = [await takeSlot(), await takeSlot()];
      const booking = (await book(customer, { start: from, topic: 'Informe mensual' })).json();
      const list = await operator.inject({ method: 'GET', url: '/api/operator/video-bookings' });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toContainEqual({ ...booking, customerName: 'Cliente Operado', customerEmail: customer.user.email });
      const sorted = list.json().map((b: { start: string }) => b.start);
      expect([...sorted].sort()).toEqual(sorted);

      // The operator has no plan: the move picker's slots come from the operator's own route.
      const slots = await operator.inject({ method: 'GET', url: '/api/operator/video-slots' });
      expect(slots.statusCode).toBe(200);
      const free = slots.json().slots.map((s: { start: string }) => s.start);
      expect(free).toContain(to);
      expect(free).not.toContain(from);

      const moved = await operator.inject({ method: 'PUT', url: `/api/operator/video-bookings/${booking.id}`, payload: { start: to } });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ id: booking.id, start: to, customerEmail: customer.user.email });
      expect((await mailsOf('video-moved', customer.user.email)).length).toBe(1);

      const cancelled = await operator.inject({ method: 'DELETE', url: `/api/operator/video-bookings/${booking.id}` });
      expect(cancelled.statusCode).toBe(200);
      const [toCustomer] = await mailsOf('video-cancelled', customer.user.email);
      expect(toCustomer!.text).toContain('El equipo de soporte de RankMaps ha cancelado tu videollamada.');
      expect((await customer.inject({ method: 'GET', url: `${BASE}/bookings` })).json()).toEqual([]);
    });

    it('when a customer (no operator) calls the operator routes, then 404, as if they did not exist', async () => {
      const booking = (await book(customer, { start: await takeSlot() })).json();
      for (const call of [
        { method: 'GET' as const, url: '/api/operator/video-bookings' },
        { method: 'GET' as const, url: '/api/operator/video-slots' },
        { method: 'PUT' as const, url: `/api/operator/video-bookings/${booking.id}`, payload: { start: await takeSlot() } },
        { method: 'DELETE' as const, url: `/api/operator/video-bookings/${booking.id}` },
      ]) {
        const res = await customer.inject(call);
        expect(res.statusCode).toBe(404);
      }
      const [row] = await db.select().from(videoBookings).where(eq(videoBookings.id, booking.id));
      expect(row).toMatchObject({ sequence: 0, cancelledAt: null });
    });
  });
});
