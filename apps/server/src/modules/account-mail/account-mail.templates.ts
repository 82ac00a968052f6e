import { TRIAL_DAYS } from '@rankmaps/shared/plans';
import { type RenderedEmail, render } from '../auth/email-templates';

// The account's life-cycle e-mails (docs/decisions.md §22): welcome, the end of the trial, the
// receipt of a payment and a failed payment. Same layout as the sign-up e-mails, in Spanish.

const madridDate = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Madrid' });

/** "29,00 €" (a no-break space before the sign, as Intl writes it): amounts are in cents, as the payment provider gives them. */
export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('es-ES', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** "9 de diciembre de 2026", as a Spanish reader reads a date (Madrid time). */
export const formatDate = (d: Date) => madridDate.format(d);

export function welcomeEmail(input: { name: string; plansUrl: string }): RenderedEmail {
  return render('¡Te damos la bienvenida a RankMaps!', {
    title: 'Bienvenida a RankMaps',
    greetingName: input.name,
    paragraphs: [
      'Tu email está confirmado y tu cuenta lista. Empezar lleva tres pasos:',
      `1. Elige un plan: el primero incluye ${TRIAL_DAYS} días de prueba gratis y puedes cancelarlo cuando quieras.`,
      '2. Añade tu primer negocio y coloca su cuadrícula en el mapa.',
      '3. Añade las keywords por las que quieres aparecer y lanza el primer análisis.',
    ],
    button: { label: 'Elegir mi plan', url: input.plansUrl },
    footnote: 'Si tienes cualquier duda, responde a este mensaje o escríbenos desde la página de soporte.',
  });
}

export function trialEndingEmail(input: { name: string; planName: string; trialEnd: Date; amount: string; period: 'monthly' | 'annual'; profileUrl: string }): RenderedEmail {
  const every = input.period === 'annual' ? 'al año' : 'al mes';
  return render('Tu prueba de RankMaps termina en 3 días', {
    title: 'Tu prueba termina pronto',
    greetingName: input.name,
    paragraphs: [
      `Tu prueba gratis del plan ${input.planName} termina el ${formatDate(input.trialEnd)}.`,
      `Ese día empezaremos a cobrarte ${input.amount} ${every} (IVA incluido), y tus negocios, keywords y análisis seguirán como están.`,
      'Si no quieres continuar, cancela la suscripción en tu perfil antes de esa fecha y no se te cobrará nada.',
    ],
    button: { label: 'Ver mi suscripción', url: input.profileUrl },
    footnote: 'Te lo avisamos una sola vez por prueba.',
  });
}

/**
 * The receipt of a paid invoice. The amount is what the provider charged: our checkout adds
 * no tax on top of the price (no Stripe Tax, no tax rates), so it is the whole charge.
 */
export function receiptEmail(input: { name: string; item: string; amount: string; paidAt: Date; periodStart: Date | null; periodEnd: Date | null; profileUrl: string }): RenderedEmail {
  const period = input.periodStart && input.periodEnd ? ` Período: del ${formatDate(input.periodStart)} al ${formatDate(input.periodEnd)}.` : '';
  return render(`Recibo de tu pago en RankMaps: ${input.amount}`, {
    title: 'Recibo de tu pago',
    greetingName: input.name,
    paragraphs: [
      'Hemos recibido tu pago. Gracias por confiar en RankMaps.',
      `Concepto: ${input.item}.${period}`,
      `Importe total cobrado, IVA incluido: ${input.amount}. Fecha del pago: ${formatDate(input.paidAt)}.`,
      'Tienes este pago y los anteriores en el historial de pagos de tu perfil.',
    ],
    button: { label: 'Ver mis pagos', url: input.profileUrl },
    footnote: 'Si no reconoces este pago, escríbenos desde la página de soporte.',
  });
}

/**
 * A failed attempt to charge an invoice. While the provider retries, the subscription is
 * past due and keeps the plan (ACCESS_STATUSES), which is what the mail promises.
 */
export function paymentFailedEmail(input: { name: string; item: string; amount: string; nextAttempt: Date | null; profileUrl: string }): RenderedEmail {
  const retry = input.nextAttempt
    ? `Volveremos a intentarlo el ${formatDate(input.nextAttempt)}. Mientras tanto, tu plan sigue activo con todas sus funciones.`
    : 'No hay más reintentos programados.';
  return render('No hemos podido cobrar tu suscripción de RankMaps', {
    title: 'No hemos podido cobrar tu pago',
    greetingName: input.name,
    paragraphs: [
      `Hemos intentado cobrar ${input.amount} de tu ${input.item}, pero el pago no se ha completado.`,
      retry,
      'Actualiza tu tarjeta desde tu perfil para no perder el acceso a tu plan. Tus negocios, keywords y análisis se conservan.',
    ],
    button: { label: 'Actualizar mi tarjeta', url: input.profileUrl },
    footnote: 'Si ya has actualizado tu tarjeta, ignora este mensaje.',
  });
}
