import { describe, expect, it } from 'vitest';
import { badgeText, thresholdError } from './notification-view';

describe('notification view', () => {
  it('when the unread count passes nine, then the badge says 9+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });

  it('when a threshold is typed, then only whole numbers from 1 to 100 pass', () => {
    for (const ok of ['1', '10', '100', ' 20 ']) expect(thresholdError(ok), ok).toBeNull();
    for (const bad of ['0', '101', '12.5', '12,5', '-3', '', 'diez', '1e2']) expect(thresholdError(bad), bad).toBe('invalid');
  });
});
