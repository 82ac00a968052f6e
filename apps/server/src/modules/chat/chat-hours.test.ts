import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { hoursInWords, isWithinHours } from './chat-hours';

const hoursOf = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', ...env }).chatHours;

describe('the live chat opening hours (docs/support.md, «Chat en vivo»)', () => {
  const madrid = hoursOf();

  it('when nothing is configured, then it is Monday to Friday 9:00–18:00 in Madrid, said in Spanish', () => {
    expect(madrid).toEqual({ days: [1, 2, 3, 4, 5], startMinute: 540, endMinute: 1080, timeZone: 'Europe/Madrid' });
    expect(hoursInWords(madrid)).toBe('de lunes a viernes de 9:00 a 18:00 (hora de Madrid)');
  });

  it.each([
    ['a winter Monday at 8:59 Madrid (7:59 UTC)', '2026-01-12T07:59:00Z', false],
    ['a winter Monday at 9:00 Madrid (8:00 UTC)', '2026-01-12T08:00:00Z', true],
    ['a winter Friday at 17:59 Madrid', '2026-01-16T16:59:00Z', true],
    ['a winter Friday at 18:00 Madrid', '2026-01-16T17:00:00Z', false],
    ['a summer Tuesday at 9:00 Madrid (7:00 UTC)', '2026-07-14T07:00:00Z', true],
    ['a summer Tuesday at 8:30 Madrid (6:30 UTC)', '2026-07-14T06:30:00Z', false],
    ['a Saturday at noon', '2026-07-18T10:00:00Z', false],
  ])('when it is %s, then open is %s', (_case, iso, open) => {
    expect(isWithinHours(madrid, new Date(iso))).toBe(open);
  });

  it('when the days and hours are configured, then they are read as lists and ranges', () => {
    const custom = hoursOf({ CHAT_OPEN_DAYS: '1,3,5-6', CHAT_OPEN_HOURS: '00:00-24:00', CHAT_TIME_ZONE: 'Atlantic/Canary' });
    expect(custom).toMatchObject({ days: [1, 3, 5, 6], startMinute: 0, endMinute: 1440 });
    expect(hoursInWords(custom)).toBe('lunes, miércoles, viernes y sábado de 0:00 a 24:00 (hora de Canarias)');
    expect(hoursInWords(hoursOf({ CHAT_OPEN_DAYS: '1-7' }))).toBe('todos los días de 9:00 a 18:00 (hora de Madrid)');
    expect(hoursInWords(hoursOf({ CHAT_OPEN_DAYS: '6', CHAT_TIME_ZONE: 'America/Mexico_City' }))).toBe('los sábados de 9:00 a 18:00 (hora de Mexico City)');
  });

  it.each([
    [{ CHAT_OPEN_DAYS: 'lunes-viernes' }, /CHAT_OPEN_DAYS/],
    [{ CHAT_OPEN_HOURS: '9-18' }, /CHAT_OPEN_HOURS/],
    [{ CHAT_OPEN_HOURS: '18:00-09:00' }, /anterior a la de cierre/],
    [{ CHAT_TIME_ZONE: 'Marte/Olympus' }, /zona horaria desconocida/],
  ])('when %o is set, then the configuration is refused in Spanish', (env, message) => {
    expect(() => hoursOf(env)).toThrow(ConfigError);
    expect(() => hoursOf(env)).toThrow(message);
  });
});
