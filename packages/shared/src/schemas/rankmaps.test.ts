import { describe, expect, it } from 'vitest';
import { resolveValidationMessage } from '../messages';
import { analyzeAdvancedRequestSchema, scheduledForIssue } from './rankmaps';

describe('scheduled analysis date (docs/product.md §5)', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('when the date is missing, past, beyond 15 days or unreadable, then it names the problem', () => {
    expect(scheduledForIssue(undefined, now)).toBe('scheduledForRequired');
    expect(scheduledForIssue('  ', now)).toBe('scheduledForRequired');
    expect(scheduledForIssue('2026-11-22T12:00:00Z', now)).toBe('scheduledForPast');
    expect(scheduledForIssue('2026-12-07T12:00:01Z', now)).toBe('scheduledForTooFar');
    expect(scheduledForIssue('el lunes', now)).toBe('scheduledForInvalid');
    expect(scheduledForIssue('2026-13-45T99:00:00Z', now)).toBe('scheduledForInvalid');
  });

  it('when the date is in the next 15 days, then it is fine, up to exactly 15 days', () => {
    expect(scheduledForIssue('2026-11-22T12:00:01Z', now)).toBeNull();
    expect(scheduledForIssue('2026-12-07T12:00:00Z', now)).toBeNull();
    expect(scheduledForIssue('2026-11-23T10:00:00+01:00', now)).toBeNull();
  });

  it('when the body asks to schedule without a date, then the spec message comes back; without scheduledFor it runs now', () => {
    const res = analyzeAdvancedRequestSchema.safeParse({ scheduledFor: null });
    expect(res.success).toBe(false);
    expect(resolveValidationMessage(res.error!.issues[0]!.message)).toBe('Debes seleccionar una fecha para el análisis programado');
    expect(analyzeAdvancedRequestSchema.safeParse({ useWorker: true }).success).toBe(true);
    expect(analyzeAdvancedRequestSchema.safeParse(null).success).toBe(true);
  });
});
