import { hash, verify } from '@node-rs/argon2';
import type { Config } from '../../config';

// Algorithm.Argon2id: the package exports it as a const enum, which isolatedModules cannot import.
const ARGON2ID = 2;

/** argon2id with the OWASP minimums from the configuration (19 MiB, 2 passes, 1 lane). */
export function hashPassword(password: string, config: Pick<Config, 'argon2'>): Promise<string> {
  return hash(password, {
    algorithm: ARGON2ID,
    memoryCost: config.argon2.memoryKiB,
    timeCost: config.argon2.iterations,
    parallelism: 1,
  });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Checks the password against a throwaway hash with the same cost, so an unknown e-mail
 * (or an account without a password) takes as long to refuse as a wrong password.
 */
export async function verifyAgainstDummy(password: string, config: Pick<Config, 'argon2'>): Promise<false> {
  const key = `${config.argon2.memoryKiB}:${config.argon2.iterations}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword('dummy-password-for-timing', config);
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(await dummy, password);
  return false;
}
