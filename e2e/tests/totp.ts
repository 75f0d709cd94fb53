/**
 * RFC 6238 codes computed by the test itself, independent of the server's library (SHA-1, 30-second steps,
 * 6 digits, the base32 secret as the Settings page shows it). One implementation serves the API tests and these.
 */
export { currentStep, totp } from '../../apps/server/src/test/totp.ts';
