import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, t=3). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/**
 * Verified against when the email is unknown, so a miss costs as long as a wrong password: a hash of a password
 * nobody has, made with hashPassword's parameters (passwords.test.ts checks they are still the same), kept as a
 * constant rather than made on first use and remembered by the module.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=65536,p=4,t=3$Mtl+axOcJLdC2sVjKApvnA$vOcbL8sHRzio5epzdiKyLhEyzpGD3q2kpbJ9+U2dgLc';

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    await argon2.verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
