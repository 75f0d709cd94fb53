import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const ZEnv = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z.url('must be a full URL such as https://quantics.example.com').optional(),
  ),
  APP_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(LOG_LEVELS).default('info')),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('Quantics <no-reply@quantics.local>')),
  WEB_DIST: z.preprocess(emptyAsUndefined, z.string().optional()),
  WAITLIST_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(10)),
  INVITE_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(50)),
  AUTH_FAILURE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(10)),
  AUTH_FAILURE_LIMIT_PER_IP: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(30)),
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(true|false|\d+|[0-9a-fA-F.:/, ]+)$/, 'must be true, false, a hop count or proxy addresses')
      .optional(),
  ),
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  appSecret: string;
  redisUrl?: string;
  logLevel: (typeof LOG_LEVELS)[number];
  smtpUrl?: string;
  mailFrom: string;
  /** Folder of the built web app; absent means API only. */
  webDist?: string;
  /** Waitlist sign-ups allowed per client address per hour. */
  waitlistRateLimit: number;
  /** Invitation emails (new and resent, counted apart) a company may send per hour. */
  inviteRateLimit: number;
  /** Failed sign-ins or codes allowed per account in 15 minutes before it is locked for the rest of them. */
  authFailureLimit: number;
  /** The same, per client address (higher: an office shares one address). */
  authFailureLimitPerIp: number;
  /**
   * Behind a load balancer: whom to believe about the client's address (X-Forwarded-For), so per-address limits
   * count clients, not the proxy. false (default), true, a hop count, or the proxies' addresses.
   */
  trustProxy?: boolean | number | string;
};

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad value stops the server with one line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appSecret: e.APP_SECRET ?? loadOrCreateSecret(dataDir),
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    waitlistRateLimit: e.WAITLIST_RATE_LIMIT,
    inviteRateLimit: e.INVITE_RATE_LIMIT,
    authFailureLimit: e.AUTH_FAILURE_LIMIT,
    authFailureLimitPerIp: e.AUTH_FAILURE_LIMIT_PER_IP,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** APP_SECRET defaults to a random value generated once and kept beside the data. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
