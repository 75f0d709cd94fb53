import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** A random, URL-safe token for sessions, reset links and invitations. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Encrypts small secrets at rest (third-party keys, TOTP secrets) with AES-256-GCM under a key derived from APP_SECRET. */
export class SecretBox {
  readonly #key: Buffer;
  readonly #macKey: Buffer;

  constructor(appSecret: string) {
    this.#key = Buffer.from(hkdfSync('sha256', appSecret, 'quantics', 'secret-box:v1', 32));
    this.#macKey = Buffer.from(hkdfSync('sha256', appSecret, 'quantics', 'mac:v1', 32));
  }

  /**
   * A keyed hash (HMAC-SHA256) for short secrets such as backup codes: unlike a plain SHA-256, a copy of the
   * database alone is not enough to try every possible code.
   */
  mac(value: string): string {
    return createHmac('sha256', this.#macKey).update(value).digest('hex');
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      body.toString('base64url'),
    ].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unrecognised sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
