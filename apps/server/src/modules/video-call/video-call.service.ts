import { createHash, randomBytes } from 'node:crypto';
import { getPlan } from '@rankmaps/shared/plans';
import { cheapestPlanFor, upgradeNeedEs } from '@rankmaps/shared/plan-upgrade';
import { VIDEO_BOOKING_NOT_FOUND, VIDEO_TIME_ZONE_INVALID, type OperatorVideoBooking, type VideoBooking, type VideoSlotsResponse } from '@rankmaps/shared/schemas/video-call';
import { VIDEO_BOOKING_DAYS, VIDEO_SLOT_MINUTES, bookableSlots, isSlotStart, isTimeZone, slotEnd, supportHoursEs } from '@rankmaps/shared/support-hours';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../errors';
import { getCurrentPlanState } from '../billing/billing.service';
import { queueEmail } from '../mail/mail.service';
import { mailRepository } from '../mail/mail.repository';
import { ICS_FILENAME, type VideoMailBooking, type VideoMailEvent, buildVideoEmail, icsAttachmentType } from './video-call.email';
import { type VideoBookingRow, type VideoBookingWithUser, videoCallRepository } from './video-call.repository';
import { isUuid } from '../../lib/uuid';

/**
 * Video calls with the support team (docs/support.md «Videollamada», docs/decisions.md §27.3):
 * 30-minute slots inside the opening hours, one booking per slot team-wide (a partial unique
 * index decides between simultaneous bookings), e-mails with an .ics to both sides on booking,
 * move and cancellation, and a reminder 1 hour before.
 */

export type VideoDeps = Pick<Container, 'boss' | 'config' | 'database'>;

/** The zone of the user's e-mails when the browser sent none. */
export const DEFAULT_USER_TIME_ZONE = 'Europe/Madrid';
/** Calls one user may have ahead at once: enough for any real need, and no one can fill the calendar. */
export const MAX_UPCOMING_PER_USER = 3;
/** The reminder goes this long before the call. */
export const REMINDER_BEFORE_MS = 60 * 60_000;
/** How many upcoming calls the operator's inbox lists. */
export const OPERATOR_BOOKINGS_LISTED = 200;

const DAY_MS = 86_400_000;
export const SLOT_TAKEN = 'Esa hora ya está reservada. Elige otra de las horas libres.';
export const SLOT_PAST = 'Esa hora ya ha pasado. Elige una de las horas libres.';
export const SLOT_TOO_FAR = `Solo se puede reservar en los próximos ${VIDEO_BOOKING_DAYS} días. Elige una de las horas libres.`;
export const BOOKING_OVER = 'Esa videollamada ya ha empezado o ha terminado: no se puede cambiar ni cancelar.';
export const SAME_SLOT = 'La videollamada ya es a esa hora. Elige otra de las horas libres.';
export const TOO_MANY_UPCOMING = `Ya tienes ${MAX_UPCOMING_PER_USER} videollamadas reservadas. Cancela o cambia una de ellas para reservar otra.`;
export const slotOutOfHours = (hoursText: string) => `Esa hora no está en el calendario de soporte: ${hoursText}, en punto o a y media. Elige una de las horas libres.`;

/** The 403 for plans without live support, naming the plan that has it (docs/decisions.md §27.1). */
export function liveSupportUpgradeMessage(currentPlan: string | null | undefined): string {
  const need = upgradeNeedEs(cheapestPlanFor({ kind: 'liveSupport' }, currentPlan));
  return need ? `Las videollamadas con el equipo de soporte no están incluidas en tu plan: para reservarlas necesitas ${need}.` : 'Ningún plan incluye videollamadas con soporte.';
}

async function requireLiveSupport(container: Pick<Container, 'config' | 'database'>, userId: string): Promise<void> {
  const state = await getCurrentPlanState(container, userId);
  const plan = state.plan ?? getPlan(state.currentPlan);
  if (!plan?.liveSupport) throw forbidden(liveSupportUpgradeMessage(state.currentPlan), 'LIVE_SUPPORT_REQUIRED', 'upgrade_required');
}

/** The meeting link: the template with an unguessable id (96 random bits) in place of `{id}`. */
export const meetingUrlFor = (template: string) => template.replaceAll('{id}', randomBytes(12).toString('hex'));

/** Refuses a start that is not a free-to-book slot by the clock and the hours (whether it is taken is the index's to say). */
function checkSlot(container: Pick<Container, 'config'>, start: Date, now: Date): void {
  const hours = container.config.supportHours;
  if (!isSlotStart(start, hours)) throw badRequest(slotOutOfHours(supportHoursEs(hours)), 'SLOT_OUT_OF_HOURS');
  if (start.getTime() <= now.getTime()) throw badRequest(SLOT_PAST, 'SLOT_PAST');
  if (start.getTime() > now.getTime() + VIDEO_BOOKING_DAYS * DAY_MS) throw badRequest(SLOT_TOO_FAR, 'SLOT_TOO_FAR');
}

/** Whether PostgreSQL answered with this SQLSTATE, as either driver reports it (drizzle may wrap it). */
function hasCode(err: unknown, code: string): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** Runs a write whose slot may be taken meanwhile: the loser's transaction rolls back whole and gets the 400. */
async function orSlotTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (hasCode(err, '23505')) throw badRequest(SLOT_TAKEN, 'SLOT_TAKEN');
    throw err;
  }
}

const toView = (b: VideoBookingRow): VideoBooking => ({
  id: b.id,
  start: b.startsAt.toISOString(),
  end: slotEnd(b.startsAt).toISOString(),
  topic: b.topic,
  meetingUrl: b.meetingUrl,
  timeZone: b.userTimeZone,
});
const toOperatorView = (b: VideoBookingWithUser): OperatorVideoBooking => ({ ...toView(b), customerName: b.userName, customerEmail: b.userEmail });

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** Queues the e-mail of `event` to the user and to the support team, with the .ics attached (not on the reminder), in `tx`. */
async function queueVideoEmails(container: VideoDeps, tx: DbOrTx, event: VideoMailEvent, b: VideoMailBooking, now: Date): Promise<void> {
  const ctx = { supportEmail: container.config.supportEmail, teamTimeZone: container.config.supportHours.timeZone, appUrl: container.config.appUrl, now };
  for (const forTeam of [false, true]) {
    const { email, ics } = buildVideoEmail(event, b, ctx, forTeam);
    let attachments: NonNullable<Parameters<typeof queueEmail>[1]['attachments']> = [];
    if (event !== 'reminder') {
      const content = Buffer.from(ics, 'utf8');
      const hash = sha256(content);
      await mailRepository.storeAttachment(tx, hash, content);
      attachments = [{ filename: ICS_FILENAME, contentType: icsAttachmentType(event === 'cancelled' ? 'CANCEL' : 'REQUEST'), sha256: hash, size: content.length }];
    }
    await queueEmail(container, { ...email, attachments }, tx);
  }
}

const mailBooking = (b: VideoBookingRow, user: { name: string; email: string }, extra: Partial<VideoMailBooking> = {}): VideoMailBooking => ({
  id: b.id,
  startsAt: b.startsAt,
  topic: b.topic,
  meetingUrl: b.meetingUrl,
  sequence: b.sequence,
  userName: user.name,
  userEmail: user.email,
  userTimeZone: b.userTimeZone,
  ...extra,
});

/** The free slots of the next VIDEO_BOOKING_DAYS days, for a user whose plan has live support. */
export async function listFreeSlots(container: Pick<Container, 'config' | 'database'>, userId: string, now = new Date()): Promise<VideoSlotsResponse> {
  await requireLiveSupport(container, userId);
  return freeSlotsAt(container, now);
}

/** The free slots of the next VIDEO_BOOKING_DAYS days (the operator's move picker reads them without a plan). */
export async function freeSlotsAt(container: Pick<Container, 'config' | 'database'>, now = new Date()): Promise<VideoSlotsResponse> {
  const hours = container.config.supportHours;
  const all = bookableSlots(now, hours);
  const taken = new Set((all.length ? await videoCallRepository.takenStarts(container.database.db, all[0]!, all[all.length - 1]!) : []).map((d) => d.getTime()));
  return {
    timeZone: hours.timeZone,
    hoursText: supportHoursEs(hours),
    slotMinutes: VIDEO_SLOT_MINUTES,
    slots: all.filter((s) => !taken.has(s.getTime())).map((s) => ({ start: s.toISOString(), end: slotEnd(s).toISOString() })),
  };
}

/** The first free slot at least 5 minutes away, for tests and fixtures that need one (undefined when the calendar is full). */
export async function firstFreeSlot(container: Pick<Container, 'config' | 'database'>, now = new Date()): Promise<string | undefined> {
  const all = bookableSlots(new Date(now.getTime() + 5 * 60_000), container.config.supportHours);
  if (all.length === 0) return undefined;
  const taken = new Set((await videoCallRepository.takenStarts(container.database.db, all[0]!, all[all.length - 1]!)).map((d) => d.getTime()));
  return all.find((s) => !taken.has(s.getTime()))?.toISOString();
}

/** A booking of a free slot, and both invitations, in one transaction. */
export async function bookVideoCall(
  container: VideoDeps,
  userId: string,
  input: { start: string; topic?: string | undefined; timeZone?: string | undefined },
  now = new Date(),
): Promise<VideoBooking> {
  await requireLiveSupport(container, userId);
  const start = new Date(input.start);
  checkSlot(container, start, now);
  const timeZone = input.timeZone?.trim() || DEFAULT_USER_TIME_ZONE;
  if (!isTimeZone(timeZone)) throw badRequest(VIDEO_TIME_ZONE_INVALID, 'TIME_ZONE_INVALID');
  const topic = input.topic?.trim() || null;
  // Within the hour the invitation itself is the reminder: none is sent after it.
  const reminderSentAt = start.getTime() - now.getTime() <= REMINDER_BEFORE_MS ? now : null;
  return orSlotTaken(() =>
    container.database.db.transaction(async (tx) => {
      await videoCallRepository.lockUser(tx, userId);
      if ((await videoCallRepository.countUpcoming(tx, userId, now)) >= MAX_UPCOMING_PER_USER) throw badRequest(TOO_MANY_UPCOMING, 'TOO_MANY_BOOKINGS');
      const row = await videoCallRepository.insert(tx, {
        userId,
        startsAt: start,
        topic,
        userTimeZone: timeZone,
        meetingUrl: meetingUrlFor(container.config.videoCall.meetingUrlTemplate),
        reminderSentAt,
      });
      const booking = await videoCallRepository.findActive(tx, row.id);
      await queueVideoEmails(container, tx, 'booked', mailBooking(row, { name: booking!.userName, email: booking!.userEmail }), now);
      return toView(row);
    }),
  );
}

/**
 * The user's calls that have not ended, soonest first. Open on any plan, like cancelling: a user
 * whose plan lapsed still sees, and can cancel, a call booked before (reading and deleting one's
 * own data stays open, docs/decisions.md §27.3).
 */
export async function listMyBookings(container: Pick<Container, 'database'>, userId: string, now = new Date()): Promise<VideoBooking[]> {
  const rows = await videoCallRepository.listUpcoming(container.database.db, now, MAX_UPCOMING_PER_USER * 4, userId);
  return rows.map(toView);
}

/** An active booking, the user's own when `userId` is given; anything else answers 404 like a missing one. */
async function activeBooking(db: DbOrTx, id: string, userId?: string): Promise<VideoBookingWithUser> {
  const found = isUuid(id) ? await videoCallRepository.findActive(db, id, userId) : undefined;
  if (!found) throw notFound(VIDEO_BOOKING_NOT_FOUND);
  return found;
}

function refuseIfStarted(b: VideoBookingRow, now: Date): void {
  if (b.startsAt.getTime() <= now.getTime()) throw badRequest(BOOKING_OVER, 'BOOKING_OVER');
}

/** Moves a booking to another free slot, atomically (one UPDATE), with the updated invitations. */
async function move(container: VideoDeps, id: string, startIso: string, now: Date, ownerId?: string): Promise<VideoBookingWithUser> {
  const db = container.database.db;
  const before = await activeBooking(db, id, ownerId);
  refuseIfStarted(before, now);
  const start = new Date(startIso);
  checkSlot(container, start, now);
  if (start.getTime() === before.startsAt.getTime()) throw badRequest(SAME_SLOT, 'SAME_SLOT');
  const reminderSentAt = start.getTime() - now.getTime() <= REMINDER_BEFORE_MS ? now : null;
  return orSlotTaken(() =>
    db.transaction(async (tx) => {
      const moved = await videoCallRepository.move(tx, before.id, start, reminderSentAt);
      if (!moved) throw notFound(VIDEO_BOOKING_NOT_FOUND);
      await queueVideoEmails(container, tx, 'moved', mailBooking(moved, { name: before.userName, email: before.userEmail }, { previousStart: before.startsAt }), now);
      return { ...before, ...moved };
    }),
  );
}

async function cancel(container: VideoDeps, id: string, by: 'cliente' | 'operador', now: Date, ownerId?: string): Promise<void> {
  const db = container.database.db;
  const before = await activeBooking(db, id, ownerId);
  refuseIfStarted(before, now);
  await db.transaction(async (tx) => {
    const cancelled = await videoCallRepository.cancel(tx, before.id, by);
    if (!cancelled) throw notFound(VIDEO_BOOKING_NOT_FOUND);
    await queueVideoEmails(container, tx, 'cancelled', mailBooking(cancelled, { name: before.userName, email: before.userEmail }, { cancelledBy: by }), now);
  });
}

export async function moveMyBooking(container: VideoDeps, userId: string, id: string, start: string, now = new Date()): Promise<VideoBooking> {
  await requireLiveSupport(container, userId);
  return toView(await move(container, id, start, now, userId));
}

export const VIDEO_BOOKING_CANCELLED = 'Videollamada cancelada. Os hemos enviado la cancelación por email a ti y al equipo de soporte.';

export async function cancelMyBooking(container: VideoDeps, userId: string, id: string, now = new Date()): Promise<{ message: string }> {
  await cancel(container, id, 'cliente', now, userId);
  return { message: VIDEO_BOOKING_CANCELLED };
}

/** The operator's inbox: every upcoming call, soonest first, with its customer. */
export async function listTeamBookings(container: Pick<Container, 'database'>, now = new Date()): Promise<OperatorVideoBooking[]> {
  const rows = await videoCallRepository.listUpcoming(container.database.db, now, OPERATOR_BOOKINGS_LISTED);
  return rows.map(toOperatorView);
}

export async function moveBookingAsOperator(container: VideoDeps, id: string, start: string, now = new Date()): Promise<OperatorVideoBooking> {
  return toOperatorView(await move(container, id, start, now));
}

export async function cancelBookingAsOperator(container: VideoDeps, id: string, now = new Date()): Promise<{ message: string }> {
  await cancel(container, id, 'operador', now);
  return { message: 'Videollamada cancelada. El cliente y el equipo reciben la cancelación por email.' };
}

/**
 * The reminders due at `at`: every active call starting within the next hour whose reminder has
 * not gone out. Each is claimed (reminder_sent_at) and its two e-mails queued in one
 * transaction, so a second worker or a retry finds nothing to send. Run every minute.
 */
export async function queueVideoReminders(container: VideoDeps, at = new Date()): Promise<number> {
  const db = container.database.db;
  const due = await videoCallRepository.dueForReminder(db, at, new Date(at.getTime() + REMINDER_BEFORE_MS));
  let sent = 0;
  for (const id of due) {
    const done = await db.transaction(async (tx) => {
      if (!(await videoCallRepository.claimReminder(tx, id, at))) return false;
      const b = await videoCallRepository.findActive(tx, id);
      if (!b) return false;
      await queueVideoEmails(container, tx, 'reminder', mailBooking(b, { name: b.userName, email: b.userEmail }), at);
      return true;
    });
    if (done) sent++;
  }
  return sent;
}
