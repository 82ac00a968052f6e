import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';

const config = { argon2: { memoryKiB: 19456, iterations: 2 } };

describe('password hashing', () => {
  it('when a password is hashed, then it is argon2id with the OWASP minimum parameters and a random salt', async () => {
    const a = await hashPassword('Secreta123!', config);
    const b = await hashPassword('Secreta123!', config);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
  });

  it('when verifying, then only the original password matches', async () => {
    const stored = await hashPassword('Secreta123!', config);
    expect(await verifyPassword(stored, 'Secreta123!')).toBe(true);
    expect(await verifyPassword(stored, 'secreta123!')).toBe(false);
  });

  it('when the stored hash is malformed, then verification fails instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('when checking against the dummy hash, then it always refuses', async () => {
    expect(await verifyAgainstDummy('dummy-password-for-timing', config)).toBe(false);
  });
});
