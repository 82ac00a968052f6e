import { isIpLiteral, METADATA_HOSTNAMES, refusedAddressKind, type RefusedAddressKind } from './address-policy';
import { systemResolver, type ResolvedAddress, type WebhookPolicy } from './policy';

/** Longer than any real incoming-webhook URL (Slack's are about 80 characters). */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

export type WebhookUrlProblem = 'empty' | 'too-long' | 'malformed' | 'not-https' | 'credentials' | 'unresolvable' | 'refused-address';

export type WebhookUrlCheck =
  { ok: true; url: URL; addresses: ResolvedAddress[] } | { ok: false; problem: WebhookUrlProblem; message: string };

export const WEBHOOK_URL_MESSAGES = {
  empty: 'Escribe la URL del webhook.',
  tooLong: `La URL del webhook es demasiado larga (máximo ${WEBHOOK_URL_MAX_LENGTH} caracteres).`,
  malformed: 'La URL del webhook no es válida. Cópiala tal como te la da Slack, por ejemplo https://hooks.slack.com/services/…',
  notHttps: 'La URL del webhook debe empezar por https://',
  credentials: 'La URL del webhook no puede llevar usuario ni contraseña.',
  unresolvable: 'No encontramos el servidor de la URL del webhook. Revisa que esté bien escrita.',
  private: 'La URL del webhook apunta a una dirección privada y no se admite.',
  metadata: 'La URL del webhook apunta a un servicio interno de la nube y no se admite.',
} as const;

/** The message for an address that may not receive webhooks. */
export function refusedAddressMessage(kind: RefusedAddressKind): string {
  return kind === 'metadata' ? WEBHOOK_URL_MESSAGES.metadata : WEBHOOK_URL_MESSAGES.private;
}

function refuse(problem: WebhookUrlProblem, message: string): WebhookUrlCheck {
  return { ok: false, problem, message };
}

/**
 * Checks a webhook URL before it is saved and again before each delivery: https only (plain
 * http only where the policy allows private targets), no user or password in it, at most
 * `WEBHOOK_URL_MAX_LENGTH` characters, and a host whose every address (A and AAAA, after DNS
 * resolution) is public unicast. The connection re-checks the address it actually dials
 * (`guardedLookup`), so a name that resolves differently a second later gains nothing.
 * Never throws; every refusal carries a Spanish message for the user.
 */
export async function validateWebhookUrl(input: unknown, policy: WebhookPolicy): Promise<WebhookUrlCheck> {
  if (typeof input !== 'string' || input.trim() === '') return refuse('empty', WEBHOOK_URL_MESSAGES.empty);
  if (input.length > WEBHOOK_URL_MAX_LENGTH) return refuse('too-long', WEBHOOK_URL_MESSAGES.tooLong);
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return refuse('malformed', WEBHOOK_URL_MESSAGES.malformed);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowPrivateTargets)) {
    return refuse('not-https', WEBHOOK_URL_MESSAGES.notHttps);
  }
  if (url.username !== '' || url.password !== '') return refuse('credentials', WEBHOOK_URL_MESSAGES.credentials);
  // WHATWG URL already turned 0x7f.1, 2130706433 and the like into dotted IPv4.
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === '') return refuse('malformed', WEBHOOK_URL_MESSAGES.malformed);
  if (!policy.allowPrivateTargets && METADATA_HOSTNAMES.has(host)) return refuse('refused-address', WEBHOOK_URL_MESSAGES.metadata);

  let addresses: ResolvedAddress[];
  if (isIpLiteral(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await (policy.resolve ?? systemResolver)(host);
    } catch {
      return refuse('unresolvable', WEBHOOK_URL_MESSAGES.unresolvable);
    }
    if (addresses.length === 0) return refuse('unresolvable', WEBHOOK_URL_MESSAGES.unresolvable);
  }
  if (!policy.allowPrivateTargets) {
    for (const { address } of addresses) {
      const kind = refusedAddressKind(address);
      if (kind) return refuse('refused-address', refusedAddressMessage(kind));
    }
  }
  return { ok: true, url, addresses };
}
