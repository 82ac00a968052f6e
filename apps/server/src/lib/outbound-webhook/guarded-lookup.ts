import type { LookupFunction } from 'node:net';
import { refusedAddressKind, type RefusedAddressKind } from './address-policy';
import { systemResolver, type WebhookPolicy } from './policy';

/** The connection was about to dial an address the policy refuses. */
export class WebhookAddressRefusedError extends Error {
  readonly code = 'EWEBHOOKREFUSED';
  constructor(
    readonly address: string,
    readonly kind: RefusedAddressKind,
  ) {
    super(`webhook address refused (${kind})`);
  }
}

/**
 * A `lookup` for http(s).request: resolves the host again at connect time through the
 * policy's resolver and refuses the connection when any address it would dial is not public
 * (unless the policy allows private targets). Closes DNS rebinding: a name that resolved to a
 * public address when validated and to 127.0.0.1 now is refused here, before any byte is sent.
 */
export function guardedLookup(policy: WebhookPolicy): LookupFunction {
  const resolve = policy.resolve ?? systemResolver;
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (resolved) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const addresses = family ? resolved.filter((a) => a.family === family) : resolved;
        if (!policy.allowPrivateTargets) {
          for (const { address } of addresses) {
            const kind = refusedAddressKind(address);
            if (kind) return callback(new WebhookAddressRefusedError(address, kind), '', 0);
          }
        }
        const first = addresses[0];
        if (!first) {
          const err = Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
          return callback(err, '', 0);
        }
        if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
