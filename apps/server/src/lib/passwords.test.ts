import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, makePasswords } from './passwords.ts';

/** `$argon2id$v=19$m=65536,p=4,t=3`: the algorithm and its cost, before the salt. */
const parameters = (hash: string) => hash.split('$').slice(0, 4).join('$');

describe('passwords', () => {
  it('hashes with argon2id at the library defaults (64 MiB, t=3, p=4) unless configured otherwise', async () => {
    const passwords = await makePasswords();
    expect(parameters(await passwords.hash('anything'))).toBe('$argon2id$v=19$m=65536,p=4,t=3');
  });

  it('checks an unknown account against a hash made with the same parameters as real ones (same cost)', async () => {
    const passwords = await makePasswords();
    expect(passwords.dummyHash).toBe(DUMMY_HASH);
    expect(parameters(DUMMY_HASH)).toBe(parameters(await passwords.hash('anything')));
    expect(await passwords.verify(null, 'not-a-real-password')).toBe(false);
    expect(await passwords.verify(await passwords.hash('right'), 'right')).toBe(true);
    expect(await passwords.verify(await passwords.hash('right'), 'wrong')).toBe(false);
  });

  it('at another cost, hashes and checks unknown accounts at that cost, and still checks hashes made at the old one', async () => {
    const cheap = await makePasswords({ memoryKiB: 4096, iterations: 2, parallelism: 1 });
    const made = await cheap.hash('right');
    expect(parameters(made)).toBe('$argon2id$v=19$m=4096,p=1,t=2');
    expect(parameters(cheap.dummyHash)).toBe(parameters(made));
    expect(await cheap.verify(null, 'right')).toBe(false);
    // A password hashed before the cost changed still signs in: its hash carries its own parameters.
    expect(await cheap.verify(await (await makePasswords()).hash('older'), 'older')).toBe(true);
    expect(await cheap.verify(made, 'right')).toBe(true);
    expect(await cheap.verify('not a hash', 'right')).toBe(false);
  });
});
