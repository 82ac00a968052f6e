import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { checkoutErrorDetail } from './checkout-error-detail';

const UNAVAILABLE = 'Los pagos no están disponibles en este momento. Inténtalo más tarde o escríbenos a soporte.';

describe('checkoutErrorDetail', () => {
  it('when the API refuses the checkout (4xx), then its reason is shown', () => {
    expect(checkoutErrorDetail(new ApiError('Ya tienes una suscripción activa.', 409, undefined, 'ALREADY_SUBSCRIBED'))).toBe(
      'Ya tienes una suscripción activa.',
    );
  });

  it('when the API answers that payments are unavailable (503 with its code), then that message is shown', () => {
    expect(checkoutErrorDetail(new ApiError(UNAVAILABLE, 503, undefined, 'PAYMENTS_UNAVAILABLE'))).toBe(UNAVAILABLE);
  });

  it('when the failure is a crash, a proxy page or the network, then nothing is added to the generic text', () => {
    expect(checkoutErrorDetail(new ApiError('Error interno del servidor.', 500, undefined, 'INTERNAL'))).toBeNull();
    expect(checkoutErrorDetail(new ApiError('Error 503', 503))).toBeNull();
    expect(checkoutErrorDetail(new ApiError('No se pudo conectar con el servidor.', 0))).toBeNull();
    expect(checkoutErrorDetail(new Error('boom'))).toBeNull();
  });
});
