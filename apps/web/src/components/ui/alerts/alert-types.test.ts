import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { alertPreset, alertTypeForError, dialogRole } from './alert-types';
import { nextFocusIndex } from './focus-trap';

describe('alertTypeForError', () => {
  it('when the server refuses with upgrade_required, then the upgrade alert is chosen', () => {
    expect(alertTypeForError(new ApiError('Actualiza tu plan', 403, 'upgrade_required'))).toBe('upgrade');
  });

  it('when the server refuses with insufficient_credits, then the credits alert is chosen', () => {
    expect(alertTypeForError(new ApiError('Sin créditos', 402, 'insufficient_credits'))).toBe('credits');
  });

  it('when the error has another or no errorType, or is not an ApiError, then no alert is chosen', () => {
    expect(alertTypeForError(new ApiError('x', 400, 'validation'))).toBeNull();
    expect(alertTypeForError(new ApiError('x', 500))).toBeNull();
    expect(alertTypeForError(new Error('upgrade_required'))).toBeNull();
    expect(alertTypeForError(null)).toBeNull();
  });
});

describe('alertPreset', () => {
  it('when the alert is an upgrade or credits one, then confirming leads to plans or to buying credits', () => {
    expect(alertPreset('upgrade')).toMatchObject({ navigateTo: '/subscription', cancelKey: 'cancel' });
    expect(alertPreset('credits')).toMatchObject({ navigateTo: '/buy-credits', cancelKey: 'cancel' });
  });

  it('when it is a plain alert, then it has one button and goes nowhere', () => {
    for (const type of ['success', 'error', 'warning', 'info'] as const) {
      expect(alertPreset(type)).toMatchObject({ confirmKey: 'ok', cancelKey: null, navigateTo: null });
    }
  });

  it('when it is a confirmation, then it asks yes or no', () => {
    expect(alertPreset('confirm')).toMatchObject({ confirmKey: 'confirm.yes', cancelKey: 'confirm.no' });
  });
});

describe('dialogRole', () => {
  it('when the dialog asks for a decision, then it is an alertdialog', () => {
    expect(dialogRole('confirm')).toBe('alertdialog');
    expect(dialogRole('upgrade')).toBe('alertdialog');
    expect(dialogRole('info')).toBe('dialog');
  });
});

describe('nextFocusIndex', () => {
  it('when Tab leaves the last element, then focus wraps to the first, and back with Shift+Tab', () => {
    expect(nextFocusIndex(2, 3, false)).toBe(0);
    expect(nextFocusIndex(0, 3, true)).toBe(2);
    expect(nextFocusIndex(1, 3, false)).toBe(2);
  });

  it('when focus is outside the dialog, then Tab enters at the start and Shift+Tab at the end', () => {
    expect(nextFocusIndex(-1, 3, false)).toBe(0);
    expect(nextFocusIndex(-1, 3, true)).toBe(2);
    expect(nextFocusIndex(-1, 0, false)).toBe(-1);
  });
});
