import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { chooseLocation } from './location-choice';
import { gbpErrorView, retryGbp } from './errors';

describe('gbpErrorView (docs/product.md §8)', () => {
  it('when the connection is missing or expired, then the connect prompt shows, not an error', () => {
    expect(gbpErrorView(new ApiError('Conecta…', 409, undefined, 'GBP_NOT_CONNECTED'))).toEqual({ kind: 'connect', expired: false });
    expect(gbpErrorView(new ApiError('Caducada', 409, undefined, 'GBP_REAUTH_REQUIRED'))).toEqual({ kind: 'connect', expired: true });
  });

  it("when the server explains another failure, then its text shows; otherwise the screen's fallback", () => {
    expect(gbpErrorView(new ApiError('Google Business Profile no responde.', 502, undefined, 'GBP_UNAVAILABLE'))).toEqual({
      kind: 'error',
      message: 'Google Business Profile no responde.',
    });
    expect(gbpErrorView(new ApiError('No se pudo conectar con el servidor.', 0))).toEqual({ kind: 'error', message: null });
    expect(gbpErrorView(new Error('boom'))).toEqual({ kind: 'error', message: null });
  });

  it('when the answer is a 4xx, then it is not retried; a 5xx or a network failure once', () => {
    expect(retryGbp(0, new ApiError('x', 409, undefined, 'GBP_NOT_CONNECTED'))).toBe(false);
    expect(retryGbp(0, new ApiError('x', 502))).toBe(true);
    expect(retryGbp(1, new ApiError('x', 502))).toBe(false);
    expect(retryGbp(0, new ApiError('x', 0))).toBe(true);
  });
});

describe('chooseLocation', () => {
  const locations = [{ name: 'locations/1' }, { name: 'locations/2' }];
  it('when a remembered location is still listed, then it is chosen; otherwise the first', () => {
    expect(chooseLocation(locations, 'locations/2')).toBe('locations/2');
    expect(chooseLocation(locations, 'locations/9')).toBe('locations/1');
    expect(chooseLocation(locations, null)).toBe('locations/1');
    expect(chooseLocation([], 'locations/1')).toBeNull();
  });
});
