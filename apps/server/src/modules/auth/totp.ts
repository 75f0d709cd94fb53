import { authenticator } from 'otplib';

/** RFC 6238 as authenticator apps use it: SHA-1, 30-second steps, 6 digits. */
const STEP_SECONDS = 30;
const ISSUER = 'Quantics';

/** A new random secret, base32 (160 bits, as RFC 4226 recommends). */
export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

/** The otpauth:// URI an authenticator app scans: issuer Quantics, account = the user's email. */
export function otpauthUri(email: string, secret: string): string {
  return authenticator.keyuri(email, ISSUER, secret);
}

/**
 * The time step a code belongs to, allowing one step of clock drift either way, or null when it matches none.
 * Callers store the step so the same code is never accepted twice.
 */
export function matchTotpStep(secret: string, code: string, nowMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const delta = authenticator.clone({ epoch: nowMs, window: 1 }).checkDelta(code, secret);
    if (delta === null) return null;
    return Math.floor(nowMs / 1000 / STEP_SECONDS) + delta;
  } catch {
    return null;
  }
}
