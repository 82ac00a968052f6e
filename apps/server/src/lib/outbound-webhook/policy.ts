import { lookup } from 'node:dns/promises';

/** One address a host name resolves to, as `dns.lookup` gives it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (A and AAAA). Tests inject their own. */
export type WebhookResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * The system resolver, as the connection itself would use it (`getaddrinfo`, so /etc/hosts
 * counts), asking for every address rather than the first.
 */
export const systemResolver: WebhookResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Where webhooks may go. */
export interface WebhookPolicy {
  /**
   * Private, loopback and link-local targets, and plain http, allowed: development and tests
   * only, where the receiver is a local server. Never in production.
   */
  allowPrivateTargets: boolean;
  /** Defaults to the system resolver. */
  resolve?: WebhookResolver;
}

/** The policy for the running environment: private targets only outside production. */
export function webhookPolicyFor(config: { isProduction: boolean }, resolve?: WebhookResolver): WebhookPolicy {
  return { allowPrivateTargets: !config.isProduction, ...(resolve ? { resolve } : {}) };
}
