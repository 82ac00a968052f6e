import { describe, expect, it } from 'vitest';
import { callbackResult, redirectAfterFor, startUrlPath, withoutResultParam } from './query-params';

describe('the OAuth callback result', () => {
  it('when the callback came back, then its result is read; unknown values are ignored', () => {
    expect(callbackResult('?gbp=connected')).toBe('connected');
    expect(callbackResult('?x=1&gbp=denied')).toBe('denied');
    expect(callbackResult('gbp=error')).toBe('error');
    expect(callbackResult('?gbp=hacked')).toBeNull();
    expect(callbackResult('')).toBeNull();
  });

  it('when the result is cleaned, then the rest of the query stays', () => {
    expect(withoutResultParam('?gbp=connected')).toBe('');
    expect(withoutResultParam('?location=locations%2F1&gbp=error')).toBe('?location=locations%2F1');
    expect(withoutResultParam('')).toBe('');
  });
});

describe('redirectAfter', () => {
  it('when connecting from a page, then the callback returns to that page and query, without an old result', () => {
    expect(redirectAfterFor('/', '')).toBe('/');
    expect(redirectAfterFor('/estadisticas', '?gbp=denied')).toBe('/estadisticas');
    expect(redirectAfterFor('/estadisticas', '?a=1&gbp=error&b=2')).toBe('/estadisticas?a=1&b=2');
  });

  it('when the start URL is asked for, then intent and redirectAfter are encoded', () => {
    expect(startUrlPath('/estadisticas?a=1&b=2')).toBe(
      '/auth/google/start-url?intent=gbp_connect&redirectAfter=%2Festadisticas%3Fa%3D1%26b%3D2',
    );
  });
});
