import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** argon2id's cost: memory in KiB, passes over it, and lanes. */
export type PasswordHashing = { memoryKiB: number; iterations: number; parallelism: number };

/** The library's defaults (64 MiB, t=3, p=4): what production runs unless PASSWORD_HASH_* say otherwise. */
export const DEFAULT_PASSWORD_HASHING: PasswordHashing = { memoryKiB: 65_536, iterations: 3, parallelism: 4 };

/** OWASP's least recommended argon2id cost (19 MiB, two passes): below it the server warns at start. */
export const OWASP_MINIMUM_HASHING = { memoryKiB: 19_456, iterations: 2 } as const;

/**
 * A hash of a password nobody has, made with the default cost, so a sign-in for an unknown email costs as long as a
 * wrong password (passwords.test.ts checks the parameters still agree). Another cost makes its own at start.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=65536,p=4,t=3$Mtl+axOcJLdC2sVjKApvnA$vOcbL8sHRzio5epzdiKyLhEyzpGD3q2kpbJ9+U2dgLc';

/** Hashing and checking passwords at one cost; one per app (`app.passwords`), built from the configuration. */
export type Passwords = {
  hash(password: string): Promise<string>;
  /** False for a wrong password, and for no account at all after checking a hash of the same cost. */
  verify(hash: string | null | undefined, password: string): Promise<boolean>;
  /** What `verify` checks when there is no account: a hash at this cost of a password nobody has. */
  readonly dummyHash: string;
};

const isDefault = (cost: PasswordHashing) =>
  cost.memoryKiB === DEFAULT_PASSWORD_HASHING.memoryKiB &&
  cost.iterations === DEFAULT_PASSWORD_HASHING.iterations &&
  cost.parallelism === DEFAULT_PASSWORD_HASHING.parallelism;

export async function makePasswords(cost: PasswordHashing = DEFAULT_PASSWORD_HASHING): Promise<Passwords> {
  const options: argon2.HashOptions = {
    type: argon2.argon2id,
    memoryCost: cost.memoryKiB,
    timeCost: cost.iterations,
    parallelism: cost.parallelism,
  };
  const dummy = isDefault(cost) ? DUMMY_HASH : await argon2.hash(randomBytes(24).toString('base64'), options);
  return {
    dummyHash: dummy,
    hash: (password) => argon2.hash(password, options),
    async verify(hash, password) {
      if (!hash) {
        await argon2.verify(dummy, password).catch(() => false);
        return false;
      }
      return argon2.verify(hash, password).catch(() => false);
    },
  };
}
