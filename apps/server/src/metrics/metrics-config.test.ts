import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { bearerMatches } from './bearer';

describe('the metrics configuration (METRICS_TOKEN, METRICS_PORT)', () => {
  it('when nothing is set, then metrics are off', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
  });

  it('when the token is short or holds spaces, or the port is not a port, then the process refuses to start and names the variable', () => {
    for (const [env, name] of [
      [{ METRICS_TOKEN: 'corto' }, 'METRICS_TOKEN'],
      [{ METRICS_TOKEN: 'un token con espacios dentro' }, 'METRICS_TOKEN'],
      [{ METRICS_TOKEN: 'a'.repeat(32), METRICS_PORT: '70000' }, 'METRICS_PORT'],
      [{ METRICS_TOKEN: 'a'.repeat(32), METRICS_PORT: 'nueve' }, 'METRICS_PORT'],
    ] as const) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(new RegExp(`^Variables de entorno no válidas:\\n  ${name}: `));
    }
  });

  it('when a worker is given a metrics port without a token, then it refuses to start: its metrics would be open to anyone', () => {
    expect(() => loadConfig({ METRICS_PORT: '9464' })).toThrow(/METRICS_TOKEN: es obligatoria con METRICS_PORT/);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'x'.repeat(32) }).metrics).toEqual({ port: 9464, token: 'x'.repeat(32) });
  });
});

describe('bearerMatches', () => {
  const token = 'metrics-token-0123456789';
  it('accepts the token after Bearer only', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    for (const header of [undefined, '', token, `Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, `Basic ${token}`, 'Bearer ', `Bearer ${token} extra`]) expect(bearerMatches(header, token)).toBe(false);
  });
});
