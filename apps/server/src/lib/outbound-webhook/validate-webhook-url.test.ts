import { describe, expect, it } from 'vitest';
import { webhookPolicyFor, type ResolvedAddress, type WebhookPolicy, type WebhookResolver } from './policy';
import { validateWebhookUrl, WEBHOOK_URL_MESSAGES } from './validate-webhook-url';

const SLACK_URL = 'https://hooks.slack.com/services/T000/B000/XXXX';

/** A resolver from a fixed table, so no test touches the network; it records what it was asked. */
function tableResolver(table: Record<string, string[]>): WebhookResolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

/** The answer for a URL refused for the address it points at, with the reason shown to the user. */
const refusedAddress = (message: string) => ({ ok: false, problem: 'refused-address', message });

const resolver = tableResolver({
  'hooks.slack.com': ['34.194.20.16', '2600:1f18:24e6:b900::1'],
  'hooks.example.com': ['203.0.114.7'],
  'intranet.example.com': ['10.0.0.5'],
  'mixed.example.com': ['34.194.20.16', '127.0.0.1'],
  'sneaky.example.com': ['::ffff:169.254.169.254'],
  'v6-local.example.com': ['fe80::1'],
  'empty.example.com': [],
  localhost: ['127.0.0.1', '::1'],
});
const production: WebhookPolicy = { allowPrivateTargets: false, resolve: resolver };
const development: WebhookPolicy = { allowPrivateTargets: true, resolve: resolver };

describe('validateWebhookUrl', () => {
  it("accepts Slack's URL when every address it resolves to is public", async () => {
    const check = await validateWebhookUrl(SLACK_URL, production);
    expect(check).toMatchObject({ ok: true, addresses: [{ address: '34.194.20.16' }, { address: '2600:1f18:24e6:b900::1' }] });
    expect(check.ok && check.url.href).toBe(SLACK_URL);
    expect(resolver.asked).toContain('hooks.slack.com');
  });

  it.each([
    [undefined, WEBHOOK_URL_MESSAGES.empty],
    ['   ', WEBHOOK_URL_MESSAGES.empty],
    [`${SLACK_URL}/${'x'.repeat(2100)}`, WEBHOOK_URL_MESSAGES.tooLong],
    ['hooks.slack.com/services/T000/B000/XXXX', WEBHOOK_URL_MESSAGES.malformed],
    ['https://', WEBHOOK_URL_MESSAGES.malformed],
    ['http://hooks.slack.com/services/T000/B000/XXXX', 'La URL del webhook debe empezar por https://'],
    ['ftp://hooks.slack.com/services/T000', 'La URL del webhook debe empezar por https://'],
    ['javascript:alert(1)', 'La URL del webhook debe empezar por https://'],
    ['https://user:secret@hooks.slack.com/services/T000/B000/XXXX', WEBHOOK_URL_MESSAGES.credentials],
    ['https://nowhere.example.com/services/T000', WEBHOOK_URL_MESSAGES.unresolvable],
    ['https://empty.example.com/services/T000', WEBHOOK_URL_MESSAGES.unresolvable],
  ])('refuses %s with a Spanish message', async (url, message) => {
    expect(await validateWebhookUrl(url, production)).toEqual({ ok: false, problem: expect.any(String), message });
  });

  it.each([
    'https://127.0.0.1/services/T000',
    'https://2130706433/services/T000',
    'https://0x7f.1/services/T000',
    'https://[::1]/services/T000',
    'https://[::ffff:127.0.0.1]/services/T000',
    'https://10.1.2.3/services/T000',
    'https://192.168.0.1:8443/services/T000',
    'https://100.64.1.1/services/T000',
    'https://[fd00::1]/services/T000',
    'https://0.0.0.0/services/T000',
    'https://localhost/services/T000',
    'https://intranet.example.com/services/T000',
    'https://v6-local.example.com/services/T000',
    // One private address among public ones is enough: the connection could pick it.
    'https://mixed.example.com/services/T000',
  ])('refuses %s: it points at a private address', async (url) => {
    expect(await validateWebhookUrl(url, production)).toEqual(refusedAddress('La URL del webhook apunta a una dirección privada y no se admite.'));
  });

  it.each([
    'https://169.254.169.254/latest/meta-data/',
    'https://[fd00:ec2::254]/latest/meta-data/',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://METADATA.google.internal./computeMetadata/v1/',
    'https://sneaky.example.com/services/T000',
  ])('refuses %s: a cloud metadata service', async (url) => {
    expect(await validateWebhookUrl(url, production)).toEqual(refusedAddress(WEBHOOK_URL_MESSAGES.metadata));
  });

  it('allows private targets and plain http in development and tests, still refusing what is malformed', async () => {
    expect(await validateWebhookUrl('http://localhost:4455/services/T000', development)).toMatchObject({ ok: true });
    expect(await validateWebhookUrl('http://127.0.0.1:4455/services/T000', development)).toMatchObject({ ok: true });
    expect(await validateWebhookUrl('https://10.1.2.3/services/T000', development)).toMatchObject({ ok: true });
    expect(await validateWebhookUrl('ftp://127.0.0.1/x', development)).toMatchObject({ ok: false, problem: 'not-https' });
    expect(await validateWebhookUrl('http://a:b@127.0.0.1/x', development)).toMatchObject({ ok: false, problem: 'credentials' });
  });

  it('allows private targets everywhere but in production', () => {
    expect(webhookPolicyFor({ isProduction: true }).allowPrivateTargets).toBe(false);
    expect(webhookPolicyFor({ isProduction: false }).allowPrivateTargets).toBe(true);
  });
});
