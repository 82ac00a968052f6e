import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trustedProxyHops } from './app';
import { ConfigError, loadConfig } from './config';
import { envWithDevToolsFlag } from './dev-tools';

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://db.invalid/rankmaps' };

const EVERY_NODE_ENV = [{ NODE_ENV: 'development' }, { NODE_ENV: 'test' }, PRODUCTION, {}];

describe('loadConfig: DEV_TOOLS, the one switch of the developer tools (docs/decisions.md §29.8)', () => {
  it('when DEV_TOOLS is unset or empty, then developer tools and the sandbox checkout are off, whatever NODE_ENV says', () => {
    for (const env of EVERY_NODE_ENV) {
      for (const unset of [{}, { DEV_TOOLS: '' }]) {
        const config = loadConfig({ ...env, ...unset });
        expect(config.devTools, JSON.stringify(env)).toBe(false);
        expect(config.payments, JSON.stringify(env)).toMatchObject({ provider: 'sandbox', sandboxEnabled: false, available: false });
      }
      expect(loadConfig({ ...env, DEV_TOOLS: 'false' }).devTools).toBe(false);
    }
  });

  it('when DEV_TOOLS=true, then they are on, whatever NODE_ENV says, and the sandbox with them unless Stripe is configured', () => {
    for (const env of EVERY_NODE_ENV) {
      const config = loadConfig({ ...env, DEV_TOOLS: 'true' });
      expect(config.devTools, JSON.stringify(env)).toBe(true);
      expect(config.payments).toMatchObject({ provider: 'sandbox', sandboxEnabled: true, available: true });
    }
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICES: '{}' };
    expect(loadConfig({ ...PRODUCTION, ...stripe, DEV_TOOLS: 'true' }).payments).toMatchObject({ provider: 'stripe', sandboxEnabled: false });
  });

  it.each(['yes', 'on', '1', '0', 'TRUE', 'False', ' true', 'true '])('when DEV_TOOLS=%j, then the configuration is refused and the message names DEV_TOOLS', (value) => {
    for (const env of EVERY_NODE_ENV) {
      expect(() => loadConfig({ ...env, DEV_TOOLS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...env, DEV_TOOLS: value })).toThrow(/^Variables de entorno no válidas:\n {2}DEV_TOOLS: debe ser true o false/);
    }
  });
});

describe('envWithDevToolsFlag: what `npm start` (--dev-tools) turns on', () => {
  it('when the flag is given and DEV_TOOLS is unset or empty, then DEV_TOOLS is true', () => {
    expect(loadConfig(envWithDevToolsFlag({}, ['--dev-tools'])).devTools).toBe(true);
    expect(loadConfig(envWithDevToolsFlag({ DEV_TOOLS: '' }, ['--dev-tools'])).devTools).toBe(true);
  });

  it('when the flag is absent, then nothing changes: no developer tools', () => {
    expect(loadConfig(envWithDevToolsFlag({}, [])).devTools).toBe(false);
    expect(loadConfig(envWithDevToolsFlag({}, ['--dev'])).devTools).toBe(false);
  });

  it('when DEV_TOOLS is set as well, then it wins, and a bad value still stops the start', () => {
    expect(loadConfig(envWithDevToolsFlag({ DEV_TOOLS: 'false' }, ['--dev-tools'])).devTools).toBe(false);
    expect(() => loadConfig(envWithDevToolsFlag({ DEV_TOOLS: 'yes' }, ['--dev-tools']))).toThrow(/DEV_TOOLS/);
  });
});

describe('loadConfig in production', () => {

  it('when DataForSEO ranks without a Google key, then the process refuses to start and says why in Spanish', () => {
    const dataforseo = { MAPS_SEARCH_PROVIDER: 'dataforseo', DATAFORSEO_LOGIN: 'cuenta', DATAFORSEO_PASSWORD: 'clave' };
    for (const env of [{ ...PRODUCTION, ...dataforseo }, { NODE_ENV: 'development', ...dataforseo }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/GOOGLE_MAPS_API_KEY: es obligatoria con MAPS_SEARCH_PROVIDER=dataforseo/);
    }
    const config = loadConfig({ ...PRODUCTION, ...dataforseo, GOOGLE_MAPS_API_KEY: 'clave-google' });
    expect(config.mapsSearch.provider).toBe('dataforseo');
    expect(config.places.provider).toBe('google');
  });

  it('when production has no Stripe keys, then payments are unavailable (no sandbox either), and Stripe keys make them available', () => {
    expect(loadConfig(PRODUCTION).payments).toMatchObject({ provider: 'sandbox', sandboxEnabled: false, available: false });
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICES: '{}' };
    expect(loadConfig({ ...PRODUCTION, ...stripe }).payments).toMatchObject({ provider: 'stripe', sandboxEnabled: false, available: true });
  });

  it('when nothing says otherwise, then one proxy is trusted in production and none elsewhere', () => {
    expect(loadConfig(PRODUCTION).trustProxyHops).toBe(1);
    expect(loadConfig({ NODE_ENV: 'development' }).trustProxyHops).toBe(0);
  });
});

describe('trustedProxyHops', () => {
  const clientAddress = async (hops: number, forwardedFor: string) => {
    const app = Fastify({ trustProxy: trustedProxyHops(hops) });
    app.get('/', (request) => ({ ip: request.ip }));
    const res = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-for': forwardedFor }, remoteAddress: '10.0.0.2' });
    await app.close();
    return res.json<{ ip: string }>().ip;
  };

  it('when a client writes its own X-Forwarded-For entry behind one proxy, then the address the proxy saw counts', async () => {
    // The client sent "1.2.3.4"; our proxy (10.0.0.2) appended the address it saw.
    expect(await clientAddress(1, '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('when no proxy is configured, then the header is ignored', async () => {
    expect(await clientAddress(0, '1.2.3.4')).toBe('10.0.0.2');
  });
});

describe('loadConfig: the support hours and the video call link (docs/support.md «Videollamada»)', () => {
  it('when nothing is set, then the hours are Monday–Friday 9–18 Europe/Madrid and the link is Jitsi Meet', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.supportHours).toEqual({ timeZone: 'Europe/Madrid', weekdays: [1, 2, 3, 4, 5], openHour: 9, closeHour: 18 });
    expect(config.videoCall.meetingUrlTemplate).toBe('https://meet.jit.si/RankMaps-{id}');
  });

  it('when the hours and the template are set, then they are read', () => {
    const config = loadConfig({ NODE_ENV: 'development', SUPPORT_TIME_ZONE: 'Atlantic/Canary', SUPPORT_WEEKDAYS: '1,3,5', SUPPORT_OPEN_HOUR: '8', SUPPORT_CLOSE_HOUR: '15', VIDEO_MEETING_URL_TEMPLATE: 'https://meet.example.org/{id}' });
    expect(config.supportHours).toEqual({ timeZone: 'Atlantic/Canary', weekdays: [1, 3, 5], openHour: 8, closeHour: 15 });
    expect(config.videoCall.meetingUrlTemplate).toBe('https://meet.example.org/{id}');
  });

  it.each([
    [{ SUPPORT_TIME_ZONE: 'Marte/Olympus' }, /SUPPORT_TIME_ZONE: debe ser una zona horaria IANA/],
    [{ SUPPORT_WEEKDAYS: 'lunes' }, /SUPPORT_WEEKDAYS: debe ser una lista de días/],
    [{ SUPPORT_OPEN_HOUR: '18', SUPPORT_CLOSE_HOUR: '9' }, /SUPPORT_CLOSE_HOUR: debe ser posterior a SUPPORT_OPEN_HOUR/],
    [{ VIDEO_MEETING_URL_TEMPLATE: 'https://meet.jit.si/RankMaps' }, /VIDEO_MEETING_URL_TEMPLATE: debe ser una URL http\(s\) con el marcador \{id\}/],
    [{ VIDEO_MEETING_URL_TEMPLATE: 'javascript:alert({id})' }, /VIDEO_MEETING_URL_TEMPLATE/],
  ])('when %j is set, then the process refuses to start and names the variable', (env, message) => {
    expect(() => loadConfig({ NODE_ENV: 'development', ...env })).toThrow(message);
  });
});
