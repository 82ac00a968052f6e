import type { TFunction } from 'i18next';
import { sendErrorText } from '@/lib/send-error-text';

/**
 * The text under 'Error al crear el ticket' (docs/product.md §8); see `sendErrorText` (a failing
 * captcha says 'reCAPTCHA no está disponible en este momento').
 */
export function supportErrorMessage(err: unknown, t: TFunction<'support'>): string {
  return sendErrorText(err, t('error.generic'));
}
