import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createGbpProvider } from '.';

const key = Buffer.alloc(32, 1).toString('base64');
const google = { GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' };

describe('choosing the Google Business Profile provider', () => {
  it('when Google OAuth is not configured, then the demo is the default', () => {
    expect(createGbpProvider(loadConfig({})).name).toBe('demo');
    expect(createGbpProvider(loadConfig({ GOOGLE_CLIENT_ID: google.GOOGLE_CLIENT_ID })).name).toBe('demo');
  });

  it('when the client id and secret and a token key are set, then it is Google', () => {
    const config = loadConfig({ ...google, GBP_TOKEN_KEY: key });
    expect(config.gbp.provider).toBe('google');
    expect(config.gbp.google?.tokenUrl).toBe('https://oauth2.googleapis.com/token');
    expect(createGbpProvider(config).name).toBe('google');
  });

  it('when Google is configured without a token key, then the start stops and names GBP_TOKEN_KEY', () => {
    expect(() => loadConfig(google)).toThrow(ConfigError);
    expect(() => loadConfig(google)).toThrow(/GBP_TOKEN_KEY/);
  });

  it('when the token key is not 32 bytes of base64, then the start stops and names it', () => {
    expect(() => loadConfig({ ...google, GBP_TOKEN_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/GBP_TOKEN_KEY/);
    expect(() => loadConfig({ ...google, GBP_TOKEN_KEY: 'not a key!' })).toThrow(/GBP_TOKEN_KEY/);
  });

  it('when GBP_PROVIDER forces one, then it wins (google still needs its credentials)', () => {
    expect(loadConfig({ ...google, GBP_TOKEN_KEY: key, GBP_PROVIDER: 'demo' }).gbp.provider).toBe('demo');
    expect(() => loadConfig({ GBP_PROVIDER: 'google', GBP_TOKEN_KEY: key })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });
});
