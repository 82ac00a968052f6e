import { describe, expect, it } from 'vitest';
import { UNCERTAIN_DELIVERY, nextOutboxStep } from './outbox-policy';

const policy = { sendConcurrency: 4, requeueMinDelaySeconds: 300, requeueMaxDelaySeconds: 6 * 3600, maxAgeSeconds: 3 * 24 * 3600 };
const failedMail = { status: 'queued' as const, attempts: 9, lastError: 'connect ECONNREFUSED 127.0.0.1:587' };
const hour = 3600;

describe('the outbox sweep policy', () => {
  it('when a mail was never tried (its job was lost), then it is queued again at once, whatever its age', () => {
    expect(nextOutboxStep({ ...failedMail, attempts: 0 }, 10 * 60, policy)).toEqual({ kind: 'requeue', delaySeconds: 0 });
    expect(nextOutboxStep({ ...failedMail, attempts: 0, lastError: null }, 5 * 24 * hour, policy)).toEqual({
      kind: 'requeue',
      delaySeconds: 0,
    });
  });

  it('when its tries failed, then it waits half its age: the spacing grows as the outage goes on, within its bounds', () => {
    const delays = [1, 1.5, 2.25, 3.4, 5, 8, 13, 20, 40].map((h) => nextOutboxStep(failedMail, h * hour, policy));
    const seconds = delays.map((d) => (d.kind === 'requeue' ? d.delaySeconds : -1));
    expect(seconds.slice(0, 5)).toEqual([0.5, 0.75, 1.125, 1.7, 2.5].map((h) => h * hour));
    for (let i = 1; i < seconds.length; i++) expect(seconds[i]).toBeGreaterThanOrEqual(seconds[i - 1]!);
    expect(seconds.at(-1)).toBe(6 * hour);
    // Soon after it was queued (a retry policy shorter than the default), never less than the minimum.
    expect(nextOutboxStep(failedMail, 60, policy)).toEqual({ kind: 'requeue', delaySeconds: 300 });
  });

  it('when the next spacing would pass the age limit, then the last try comes at the limit', () => {
    expect(nextOutboxStep(failedMail, 72 * hour - 100, policy)).toEqual({ kind: 'requeue', delaySeconds: 100 });
  });

  it('when it reaches its age limit, then it fails for good with the last error kept in the reason', () => {
    const step = nextOutboxStep(failedMail, 72 * hour, policy);
    expect(step).toEqual({
      kind: 'give-up',
      reason: 'No se pudo entregar en 72 h (9 intentos). Último error: connect ECONNREFUSED 127.0.0.1:587',
    });
  });

  it('when a try was cut off in the middle (status sending, no job), then it is given up as uncertain rather than risk sending it twice', () => {
    expect(nextOutboxStep({ ...failedMail, status: 'sending' }, 60, policy)).toEqual({ kind: 'give-up', reason: UNCERTAIN_DELIVERY });
  });
});
