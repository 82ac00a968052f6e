import type { TFunction } from 'i18next';
import { sendErrorText } from '@/lib/send-error-text';

/** The text under 'Error al enviar el mensaje' (docs/product.md §8); see `sendErrorText`. */
export function contactErrorMessage(err: unknown, t: TFunction<'contact'>): string {
  return sendErrorText(err, t('error.generic'));
}
