import { creditsText } from '@rankmaps/shared/credit-value';
import { wallClock } from '@rankmaps/shared/schedule';
import type { Container } from '../../container';
import { type UserNotificationDraft, notifyUser } from '../notifications/notifications.service';
import type { ForecastRound } from './credit-forecast';
import { creditForecastRepository } from './credit-forecast.repository';
import { userForecast } from './credit-forecast.service';
import { weeklySlotKey, zoneOf } from './scan/weekly-scans.service';

// The credit warnings (docs/decisions.md §23.4), made by the hourly `credit-warnings` job.

/** A round this close that the credits cannot pay is warned of ("mañana"): the day before, or the same day if it was set up later. */
export const WARN_AHEAD_MS = 48 * 3600 * 1000;
/** How far back the job looks for rounds that failed for lack of credits (it runs hourly; the dedupe key keeps each once). */
export const SKIPPED_LOOKBACK_MS = 26 * 3600 * 1000;

export const BUY_CREDITS_LINK = '/buy-credits';
const BUTTON = 'Comprar créditos';

const num = new Intl.NumberFormat('es-ES');
const credits = creditsText;
const analyses = (n: number) => (n === 1 ? '1 análisis' : `${num.format(n)} análisis`);

/** «mañana, jueves 27 de noviembre a las 09:00», on the place's clock. */
export function whenInSpanish(at: Date, now: Date, timeZone: string): string {
  const date = new Intl.DateTimeFormat('es-ES', { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(at);
  const time = new Intl.DateTimeFormat('es-ES', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  const dayNumber = (d: Date) => {
    const w = wallClock(d, timeZone);
    return Date.UTC(w.year, w.month - 1, w.day) / 86_400_000;
  };
  const days = dayNumber(at) - dayNumber(now);
  const relative = days === 0 ? 'hoy, ' : days === 1 ? 'mañana, ' : days === 2 ? 'pasado mañana, ' : '';
  return `${relative}${date} a las ${time}`;
}

const roundName = (r: { kind: string; placeName: string; campaignName?: string | null | undefined }) =>
  r.kind === 'weekly' ? `El escaneo semanal de ${r.placeName}` : r.kind === 'campaign' ? `La ronda de la campaña «${r.campaignName ?? ''}» en ${r.placeName}` : `El análisis programado de ${r.placeName}`;

function lacksDraft(r: ForecastRound, now: Date): UserNotificationDraft {
  const when = whenInSpanish(r.at, now, r.timeZone);
  const n = r.analysisCosts.length;
  const which = r.skippedAnalyses === n ? (n === 1 ? 'no se hará' : `no se hará ninguno de sus ${analyses(n)}`) : `se omitirán ${r.skippedAnalyses} de sus ${analyses(n)}`;
  const what = r.kind === 'scheduled' ? '1 análisis' : `${analyses(n)} (uno por keyword)`;
  return {
    kind: 'round-lacks-credits-tomorrow',
    dedupeKey: `round-lacks-credits-tomorrow:${r.placeId}:${r.ref}`,
    placeId: r.placeId,
    title: `${roundName(r)} no tiene créditos suficientes`,
    body: `${roundName(r)} es ${when}: ${what}, ${credits(r.credits)}. Te quedarán ${credits(r.availableBefore)} para él, así que ${which} si no compras más créditos antes.`,
    link: BUY_CREDITS_LINK,
    data: { button: BUTTON, round: r.kind, ref: r.ref, at: r.at.toISOString(), needed: r.credits, available: r.availableBefore, skipped: r.skippedAnalyses, analyses: n },
  };
}

function runningOutDraft(userId: string, f: { needed: number; available: number; shortfall: number }, now: Date): UserNotificationDraft {
  const week = weeklySlotKey(now, 'UTC');
  return {
    kind: 'credits-running-out',
    dedupeKey: `credits-running-out:${userId}:${week}`,
    placeId: null,
    title: 'Tus créditos no llegan para los próximos 7 días',
    body: `Los análisis programados de los próximos 7 días cuestan ${credits(f.needed)} y tienes ${credits(f.available)}: faltan ${credits(f.shortfall)}. Compra créditos para que no se omita ninguno.`,
    link: BUY_CREDITS_LINK,
    data: { button: BUTTON, week, needed: f.needed, available: f.available, shortfall: f.shortfall },
  };
}

type FailedRow = Awaited<ReturnType<typeof creditForecastRepository.failedForCredits>>[number];

/**
 * One notification per round that failed for credits: a weekly round (place + slot), a custom
 * campaign's round in a place (named by its campaign, docs/decisions.md §25.5), or a scheduled analysis.
 */
function skippedDrafts(rows: FailedRow[], now: Date): UserNotificationDraft[] {
  const groups = new Map<string, FailedRow[]>();
  for (const r of rows) {
    const ref = r.kind === 'weekly' && r.weeklySlot ? r.weeklySlot : r.kind === 'campaign' && r.campaignRoundId ? r.campaignRoundId : r.id;
    const key = `${r.placeId}:${ref}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.entries()].map(([key, group]) => {
    const first = group[0] as FailedRow;
    const needed = group.reduce((s, r) => s + r.totalPoints, 0);
    const at = first.scheduledFor ?? now;
    const when = whenInSpanish(at, now, zoneOf(first));
    const name = roundName(first);
    const keywordsText = group.map((r) => `«${r.query}»`).join(', ');
    const left = `${group.length === 1 ? `la keyword ${keywordsText} se quedó` : `las keywords ${keywordsText} se quedaron`} sin analizar (hacían falta ${credits(needed)})`;
    const body =
      first.kind === 'weekly'
        ? `${name} de ${when} no se hizo por falta de créditos: ${left}. Compra créditos para que el próximo escaneo semanal se haga.`
        : first.kind === 'campaign'
          ? `${name} de ${when} no se hizo por falta de créditos: ${left}. Compra créditos para que la próxima ronda de la campaña se haga.`
          : `${name} de ${when} (${keywordsText}) no se hizo por falta de créditos (hacían falta ${credits(needed)}). Compra créditos y vuelve a programarlo.`;
    return {
      kind: 'round-skipped-no-credits',
      dedupeKey: `round-skipped-no-credits:${key}`,
      placeId: first.placeId,
      title: `${name} se omitió por falta de créditos`,
      body,
      link: BUY_CREDITS_LINK,
      data: { button: BUTTON, round: first.kind, ref: key.split(':')[1], at: at.toISOString(), needed, analyses: group.map((r) => r.id) },
    };
  });
}

/**
 * The hourly job: for every user with scheduled work, the rounds of the next 48 h the credits
 * cannot pay, and the next 7 days' shortfall; for every user, the rounds that failed for lack
 * of credits since the last runs. Each notification is created once (its dedupe key names the
 * round: place + weekly slot or the scheduled analysis, or user + ISO week). Returns the
 * notifications created.
 */
export async function createCreditWarnings(container: Pick<Container, 'boss' | 'config' | 'database' | 'log' | 'prices' | 'seaIndex'>, now: Date = new Date(), onlyUserId?: string): Promise<number> {
  const db = container.database.db;
  const horizon = new Date(now.getTime() + 7 * 86_400_000);
  const [withWork, failed] = await Promise.all([
    creditForecastRepository.usersWithScheduledWork(db, now, horizon),
    creditForecastRepository.failedForCredits(db, new Date(now.getTime() - SKIPPED_LOOKBACK_MS), onlyUserId ? [onlyUserId] : undefined),
  ]);
  const userIds = onlyUserId ? withWork.filter((id) => id === onlyUserId) : withWork;
  const failedByUser = new Map<string, FailedRow[]>();
  for (const r of failed) failedByUser.set(r.userId, [...(failedByUser.get(r.userId) ?? []), r]);
  let created = 0;
  for (const userId of new Set([...userIds, ...failedByUser.keys()])) {
    try {
      const drafts: UserNotificationDraft[] = skippedDrafts(failedByUser.get(userId) ?? [], now);
      if (userIds.includes(userId)) {
        const f = await userForecast(container, userId, now);
        for (const r of f.rounds) if (r.skippedAnalyses > 0 && r.at.getTime() - now.getTime() <= WARN_AHEAD_MS) drafts.push(lacksDraft(r, now));
        if (f.shortfall > 0) drafts.push(runningOutDraft(userId, f, now));
      }
      created += await notifyUser(container, userId, drafts);
    } catch (err) {
      // One user's failure (a broken place) must not stop everyone else's warnings.
      container.log.error({ err, userId }, 'credit warnings failed for a user');
    }
  }
  return created;
}
