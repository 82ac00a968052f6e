import type { Config } from '../../config';
import type { EmailRow } from './mail.repository';

export type OutboxPolicy = Config['mail'];

/** What the outbox sweep does with an undelivered mail that no job will run. */
export type OutboxStep = { kind: 'requeue'; delaySeconds: number } | { kind: 'give-up'; reason: string };

/**
 * Why a mail caught in the middle of its try is not sent again: the job stopped (a killed
 * worker, a database outage while recording the result) after the SMTP conversation had
 * begun, so the server may have accepted it, and a mail is never delivered twice.
 */
export const UNCERTAIN_DELIVERY =
  'Entrega incierta: el envío se interrumpió cuando el servidor de correo quizá ya lo había aceptado; no se reenvía para no duplicarlo.';

/** "72 h", "30 min", "6 s": the age limit as the reason states it. */
const duration = (seconds: number) =>
  seconds >= 3600
    ? `${Math.round((seconds / 3600) * 10) / 10} h`
    : seconds >= 60
      ? `${Math.round(seconds / 60)} min`
      : `${Math.round(seconds)} s`;

/**
 * The next step for a mail still undelivered with no job to run it. A mail never tried lost
 * its job before it ran: it is queued again at once. One whose tries all failed waits half
 * its age (so the spacing grows: an outage of hours is not hammered every few minutes), kept
 * within the policy's bounds and never past its age limit, so the last try comes at the
 * limit. Past the limit it fails for good, with its last error kept in the reason.
 */
export function nextOutboxStep(
  mail: Pick<EmailRow, 'status' | 'attempts' | 'lastError'>,
  ageSeconds: number,
  policy: OutboxPolicy,
): OutboxStep {
  if (mail.status === 'sending') return { kind: 'give-up', reason: UNCERTAIN_DELIVERY };
  if (mail.attempts === 0) return { kind: 'requeue', delaySeconds: 0 };
  const left = policy.maxAgeSeconds - ageSeconds;
  if (left <= 0) {
    const last = mail.lastError ? ` Último error: ${mail.lastError}` : '';
    return { kind: 'give-up', reason: `No se pudo entregar en ${duration(policy.maxAgeSeconds)} (${mail.attempts} intentos).${last}` };
  }
  const spacing = Math.min(policy.requeueMaxDelaySeconds, Math.max(policy.requeueMinDelaySeconds, ageSeconds / 2));
  return { kind: 'requeue', delaySeconds: Math.ceil(Math.min(spacing, left)) };
}
