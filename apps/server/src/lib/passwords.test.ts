import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.ts';

/** `$argon2id$v=19$m=65536,p=4,t=3`: the algorithm and its cost, before the salt. */
const parameters = (hash: string) => hash.split('$').slice(0, 4).join('$');

describe('passwords', () => {
  it('checks an unknown account against a hash made with the same parameters as real ones (same cost)', async () => {
    expect(parameters(DUMMY_HASH)).toBe(parameters(await hashPassword('anything')));
    expect(await verifyPassword(null, 'not-a-real-password')).toBe(false);
    expect(await verifyPassword(await hashPassword('right'), 'right')).toBe(true);
  });
});
