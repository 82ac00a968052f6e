import { createHash } from 'node:crypto';
import type { Container } from '../../container';
import { AppError } from '../../errors';
import { type ThrottlePolicy, signInThrottleRepository } from './sign-in-throttle.repository';

/**
 * Brute-force slowdown of password sign-in, counted in the database so it holds across
 * every API process.
 *
 * Three kinds of bucket count attempts:
 * - per client address, whatever the account: stops one machine from spraying guesses over
 *   many accounts. Its threshold is high, because an office or a mobile carrier puts many
 *   people behind one address;
 * - per account (by e-mail, known or not, so the answer reveals nothing): stops guessing
 *   one account from many addresses;
 * - per trusted device, instead of the account bucket, when the browser holds a device
 *   cookie of this account (device-cookie.ts).
 * Past a bucket's threshold every further attempt must wait, twice as long after each
 * failure, up to a cap; attempts made while waiting are refused at once, uncounted and
 * without hashing anything. A right password forgets the account (or device) bucket and
 * takes back its own count from the address bucket; a password reset forgets the account.
 *
 * The trade-off against lock-out: anyone who knows an e-mail can keep that account waiting
 * with a few cheap wrong guesses per cap period. That is the price of stopping distributed
 * guessing, and it is bounded so the owner is never locked out for good:
 * - the wait is capped (15 minutes by default) and never a permanent lock;
 * - the owner's own browsers carry a device cookie and are judged by their own bucket, so
 *   a stranger's failures do not touch them;
 * - a password reset by e-mail lifts the account's wait, and Google sign-in is not affected;
 * - keeping an account waiting also fills the attacker's address bucket, which then waits too.
 */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('SIGN_IN_THROTTLED', message, 429);
  }
}

/** Idle buckets (older than any wait and memory) are purged on about one attempt in this many. */
const PURGE_ONE_IN = 200;
const FORGET_AFTER_SECONDS = 3600;

function bucket(kind: 'address' | 'account' | 'device', key: string): string {
  return createHash('sha256').update(`sign-in:${kind}:${key}`, 'utf8').digest('hex');
}

function inSpanish(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

export function signInThrottledMessage(seconds: number): string {
  return `Demasiados intentos de inicio de sesión fallidos. Vuelve a intentarlo en ${inSpanish(seconds)}.`;
}

function policies(container: Pick<Container, 'config'>): { address: ThrottlePolicy; account: ThrottlePolicy } {
  const t = container.config.signInThrottle;
  const common = {
    firstDelaySeconds: t.firstDelaySeconds,
    maxDelaySeconds: t.maxDelaySeconds,
    forgetAfterSeconds: Math.max(FORGET_AFTER_SECONDS, 2 * t.maxDelaySeconds),
  };
  return { address: { ...common, freeFailures: t.addressFreeFailures }, account: { ...common, freeFailures: t.accountFreeFailures } };
}

export interface SignInAttempt {
  /** The password was right: forget this account's failures and refund the address. */
  succeeded(): Promise<void>;
}

/**
 * Counts a sign-in attempt before its password is checked, or refuses it with 429 and the
 * wait (RetryLaterError) while one of its buckets must wait. `trustedDevice` is the device
 * cookie when it was verified for the account, null otherwise.
 */
export async function beginSignInAttempt(
  container: Pick<Container, 'config' | 'database' | 'log'>,
  input: { email: string; address: string; trustedDevice: string | null },
): Promise<SignInAttempt> {
  const db = container.database.db;
  const policy = policies(container);
  if (Math.random() < 1 / PURGE_ONE_IN) {
    signInThrottleRepository
      .purgeIdle(db, policy.account.forgetAfterSeconds + policy.account.maxDelaySeconds)
      .catch((err: unknown) => container.log.warn({ err }, 'could not purge sign-in throttles'));
  }
  const address = bucket('address', input.address);
  const own = input.trustedDevice ? bucket('device', input.trustedDevice) : bucket('account', input.email.trim().toLowerCase());

  const byAddress = await signInThrottleRepository.claim(db, address, policy.address);
  if (!byAddress.claimed) throw new RetryLaterError(signInThrottledMessage(byAddress.waitSeconds), byAddress.waitSeconds);
  // Refused here, the attempt still counts for the address: hammering an account that is
  // waiting makes the hammering address wait too.
  const byAccount = await signInThrottleRepository.claim(db, own, policy.account);
  if (!byAccount.claimed) {
    container.log.warn({ trustedDevice: Boolean(input.trustedDevice) }, 'sign-in throttled for an account');
    throw new RetryLaterError(signInThrottledMessage(byAccount.waitSeconds), byAccount.waitSeconds);
  }
  return {
    async succeeded() {
      await signInThrottleRepository.reset(db, own);
      await signInThrottleRepository.refund(db, address, policy.address);
    },
  };
}

/** The owner proved control of the address (password reset): the account stops waiting. */
export async function forgetAccountFailures(container: Pick<Container, 'database'>, email: string): Promise<void> {
  await signInThrottleRepository.reset(container.database.db, bucket('account', email.trim().toLowerCase()));
}
