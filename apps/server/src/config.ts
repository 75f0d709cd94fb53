import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AUDIT_TIMEOUT_MINUTES_DEFAULT, PAIRING_POLL_INTERVAL } from '@quantics/contracts';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { DEFAULT_PASSWORD_HASHING, type PasswordHashing } from './lib/passwords.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const BACKGROUND_REFRESH_MESSAGE = 'must be 0 (off) or a whole number of seconds from 60 to 86400';
const METRICS_HOST_MESSAGE =
  'must be a loopback or private address such as 127.0.0.1 or 10.0.0.5 (to scrape over a public address, set METRICS_TOKEN instead)';
const READS_RETENTION_MESSAGE = 'must be a whole number of days from 0 (keep raw reads forever) to 36500';

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
  SIGNUP_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(10)),
  PUBLIC_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(60)),
  PAIRING_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(60)),
  PAIRING_POLL_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(1200)),
  API_KEY_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(600)),
  IMPORT_MAX_MB: z.preprocess(emptyAsUndefined, z.coerce.number().positive().max(2048).default(50)),
  IMPORT_MAX_ROWS: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(200_000)),
  AUTH_FAILURE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(10)),
  AUTH_FAILURE_LIMIT_PER_IP: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(30)),
  PASSWORD_HASH_MEMORY_KIB: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1024).max(4_194_304).default(DEFAULT_PASSWORD_HASHING.memoryKiB),
  ),
  PASSWORD_HASH_ITERATIONS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(100).default(DEFAULT_PASSWORD_HASHING.iterations),
  ),
  PASSWORD_HASH_PARALLELISM: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(16).default(DEFAULT_PASSWORD_HASHING.parallelism),
  ),
  DUTCHIE_API_URL: z.preprocess(
    emptyAsUndefined,
    z.url('must be a full URL such as https://api.pos.dutchie.com').default('https://api.pos.dutchie.com'),
  ),
  DUTCHIE_REFRESH_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(10).default(300)),
  DUTCHIE_MIN_REFRESH_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(30)),
  DUTCHIE_BACKGROUND_REFRESH_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: BACKGROUND_REFRESH_MESSAGE })
      .int(BACKGROUND_REFRESH_MESSAGE)
      .refine((v) => v === 0 || (v >= 60 && v <= 86_400), BACKGROUND_REFRESH_MESSAGE)
      .default(900),
  ),
  DUTCHIE_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).default(20_000)),
  METRC_API_URL: z.preprocess(
    emptyAsUndefined,
    z.url('must be a full URL such as https://api-co.metrc.com').default('https://api-co.metrc.com'),
  ),
  METRC_VENDOR_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  METRC_SYNC_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(60).max(86_400).default(900),
  ),
  PRINT_QUANTITY_MAX: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(100_000).default(500),
  ),
  PRINT_ACK_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).max(600_000).default(30_000),
  ),
  AUDIT_TIMEOUT_MINUTES: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().max(10_080).default(AUDIT_TIMEOUT_MINUTES_DEFAULT),
  ),
  READER_POLL_INTERVAL: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(60).default(PAIRING_POLL_INTERVAL),
  ),
  TALLIE_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['builtin', 'openai']).default('builtin')),
  OPENAI_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url('must be a full URL such as http://localhost:11434/v1').optional(),
  ),
  OPENAI_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  TALLIE_MODEL: z.preprocess(emptyAsUndefined, z.string().default('gpt-4o-mini')),
  TALLIE_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).max(600_000).default(30_000),
  ),
  WEBHOOK_ALLOW_PRIVATE: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  ),
  WEBHOOK_RETRY_SECONDS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^\d+(\.\d+)?(,\d+(\.\d+)?){0,19}$/,
        'must be a comma-separated list of seconds, such as 5,300,1800',
      )
      .optional(),
  ),
  READS_RETENTION_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: READS_RETENTION_MESSAGE })
      .int(READS_RETENTION_MESSAGE)
      .min(0, READS_RETENTION_MESSAGE)
      .max(36_500, READS_RETENTION_MESSAGE)
      .default(30),
  ),
  MAIL_SEND_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1000).max(600_000).default(30_000),
  ),
  MAIL_RETRY_SECONDS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^\d+(\.\d+)?(,\d+(\.\d+)?){0,19}$/,
        'must be a comma-separated list of seconds, such as 30,120,600',
      )
      .optional(),
  ),
  JOBS_RETENTION_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(36_500).default(30)),
  WEBHOOK_LOG_RETENTION_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(36_500).default(30),
  ),
  ALERTS_POLL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(60_000).default(250)),
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  METRICS_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.preprocess(
    emptyAsUndefined,
    z.string().refine(isPrivateAddress, METRICS_HOST_MESSAGE).default('127.0.0.1'),
  ),
  SHUTDOWN_DRAIN_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(120).default(0)),
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
  /** Sign-ups (each one an argon2 hash and a new company) allowed per client address per hour. */
  signupRateLimit: number;
  /** Calls per client address per hour to each other unauthenticated POST (forgot and reset password, accept invite, utility logout). */
  publicRateLimit: number;
  /** Readers starting to pair, per client address per hour. */
  pairingRateLimit: number;
  /** Pairing polls per client address per hour (each pairing polls about every 5 s for up to 5 minutes). */
  pairingPollRateLimit: number;
  /** Calls per API key per minute (a till, an ERP, a script); over it: 429. */
  apiKeyRateLimit: number;
  /** Largest CSV file an import accepts, in megabytes. */
  importMaxMb: number;
  /** Most product rows one CSV import may hold. */
  importMaxRows: number;
  /** Failed sign-ins or codes allowed per account in 15 minutes before it is locked for the rest of them. */
  authFailureLimit: number;
  /** The same, per client address (higher: an office shares one address). */
  authFailureLimitPerIp: number;
  /** argon2id's cost for new password hashes (PASSWORD_HASH_*); the library's defaults when absent. */
  passwordHashing?: PasswordHashing;
  /** Labels one print request may ask for. */
  printQuantityMax: number;
  /** How long a print request waits for the print utility's acknowledgement. */
  printAckTimeoutMs: number;
  /** Keeps deployments that share one Redis apart (tests running side by side); not an environment variable. */
  printRelayNamespace?: string;
  /** An in-progress audit with no batch for this many minutes reads as failed. */
  auditTimeoutMinutes: number;
  /** Seconds a pairing reader must wait between polls (RFC 8628's interval). */
  readerPollInterval: number;
  /**
   * Behind a load balancer: whom to believe about the client's address (X-Forwarded-For), so per-address limits
   * count clients, not the proxy. false (default), true, a hop count, or the proxies' addresses.
   */
  trustProxy?: boolean | number | string;
  /**
   * Prometheus metrics at /metrics: with a token, on the main port for a bearer of it; with a port, on a listener of
   * their own at host (a loopback or private address), no token needed there. Neither: no /metrics at all.
   */
  metrics?: { token?: string; port?: number; host: string };
  /**
   * On SIGTERM, /api/ready answers 503 for this long while every other call is still served, so the load balancer
   * takes the instance out before it stops taking requests (SHUTDOWN_DRAIN_SECONDS; 0: close at once).
   */
  shutdownDrainSeconds?: number;
  /** Webhook deliveries: private addresses allowed (tests, a trusted network), the retry waits and the time-out. */
  webhooks?: { allowPrivate: boolean; retryDelaysMs?: number[]; timeoutMs?: number };
  /** The whole SMTP send's time-out (MAIL_SEND_TIMEOUT_MS, default 30 s). */
  mailSendTimeoutMs?: number;
  /** Days finished jobs are kept (JOBS_RETENTION_DAYS, WEBHOOK_LOG_RETENTION_DAYS; 0 keeps them): jobs/retention. */
  retention?: { jobsDays: number; webhookLogDays: number };
  /** Every background job and sweep of this instance (src/jobs/): see JobsSettings. */
  jobs?: JobsSettings;
  /**
   * @deprecated The jobs settings' old name (when alerts were the only background work), still read when `jobs` is
   * not given (jobsSettings); docs/upgrade-debt.md says when it goes.
   */
  alerts?: JobsSettings;
  /** Days raw tag reads are kept after they are stored (whole months are dropped); 0 keeps them forever. */
  readsRetentionDays?: number;
  /** The Dutchie point-of-sale API and how often the portal reads it (defaults: DUTCHIE_DEFAULTS). */
  dutchie?: DutchieConfig;
  /** Who answers in Tallie Chat: the built-in rules (default, no network) or an OpenAI-compatible server. */
  tallie?: {
    provider: 'builtin' | 'openai';
    baseUrl?: string;
    apiKey?: string;
    model: string;
    timeoutMs: number;
  };
};

/**
 * The background work (src/jobs/: the job kinds and the sweeps); `isWorkerOn: false` leaves it to another instance.
 * `readsMs`: how often the reads storage job (partitions ahead, legacy reads moved, retention) runs; `dutchieMs`: how
 * often Dutchie stores due a background refresh are looked for (default a minute).
 */
export type JobsSettings = {
  isWorkerOn?: boolean;
  /** The tasks this instance runs (all unless said; a test runs only the ones it is about): names of jobs/scheduler.ts. */
  tasks?: readonly string[];
  /** The waits between a mail's attempts (MAIL_RETRY_SECONDS). */
  mailRetryDelaysMs?: number[];
  pollMs?: number;
  sweepMs?: number;
  digestMs?: number;
  readsMs?: number;
  dutchieMs?: number;
};

/** The jobs settings: `jobs`, or the old key `alerts` of a config written before it was renamed. */
export const jobsSettings = (config: Pick<AppConfig, 'jobs' | 'alerts'>): JobsSettings | undefined =>
  config.jobs ?? config.alerts;

export type DutchieConfig = {
  /** Base URL of Dutchie's POS API (or a stand-in such as apps/dutchie-sim). */
  apiUrl: string;
  /** A company's inventory snapshot is read again from Dutchie once it is this old. */
  refreshSeconds: number;
  /** Refresh on demand at most this often per company, to stay inside Dutchie's rate limits. */
  minRefreshSeconds: number;
  /**
   * Stores nobody is looking at are read again in the background once their snapshot is this old, so their stock
   * events (low, out of stock) are still told; 0 or unset: off (DUTCHIE_BACKGROUND_REFRESH_SECONDS, default 900).
   */
  backgroundRefreshSeconds?: number;
  /** Give up on one Dutchie call after this long (then the last snapshot is served). */
  timeoutMs: number;
  /** Metrc, read for a Dutchie company's incoming manifests (modules/metrc); unset: Metrc's defaults, no vendor key. */
  metrc?: MetrcConfig;
};

/** Metrc's API (or apps/metrc-sim), Quantics' vendor key for it, and how often each company's manifests are read. */
export type MetrcConfig = {
  /** METRC_API_URL: the state's Metrc API, e.g. https://api-co.metrc.com. */
  apiUrl: string;
  /** METRC_VENDOR_KEY: the integrator's key (the Basic user name; each company's user key is the password). */
  vendorKey: string | null;
  /** METRC_SYNC_SECONDS: each company's incoming manifests are read this often (default 900). */
  syncSeconds: number;
};

export const DUTCHIE_DEFAULTS: DutchieConfig = {
  apiUrl: 'https://api.pos.dutchie.com',
  refreshSeconds: 300,
  minRefreshSeconds: 30,
  timeoutMs: 20_000,
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
  if (e.TALLIE_PROVIDER === 'openai' && !e.OPENAI_BASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  OPENAI_BASE_URL: is required when TALLIE_PROVIDER=openai',
    );
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
    signupRateLimit: e.SIGNUP_RATE_LIMIT,
    publicRateLimit: e.PUBLIC_RATE_LIMIT,
    pairingRateLimit: e.PAIRING_RATE_LIMIT,
    pairingPollRateLimit: e.PAIRING_POLL_RATE_LIMIT,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    importMaxMb: e.IMPORT_MAX_MB,
    importMaxRows: e.IMPORT_MAX_ROWS,
    authFailureLimit: e.AUTH_FAILURE_LIMIT,
    authFailureLimitPerIp: e.AUTH_FAILURE_LIMIT_PER_IP,
    passwordHashing: {
      memoryKiB: e.PASSWORD_HASH_MEMORY_KIB,
      iterations: e.PASSWORD_HASH_ITERATIONS,
      parallelism: e.PASSWORD_HASH_PARALLELISM,
    },
    printQuantityMax: e.PRINT_QUANTITY_MAX,
    printAckTimeoutMs: e.PRINT_ACK_TIMEOUT_MS,
    auditTimeoutMinutes: e.AUDIT_TIMEOUT_MINUTES,
    readerPollInterval: e.READER_POLL_INTERVAL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
      ...(e.WEBHOOK_RETRY_SECONDS && {
        retryDelaysMs: secondsList(e.WEBHOOK_RETRY_SECONDS),
      }),
    },
    mailSendTimeoutMs: e.MAIL_SEND_TIMEOUT_MS,
    jobs: {
      pollMs: e.ALERTS_POLL_MS,
      ...(e.MAIL_RETRY_SECONDS && { mailRetryDelaysMs: secondsList(e.MAIL_RETRY_SECONDS) }),
    },
    retention: { jobsDays: e.JOBS_RETENTION_DAYS, webhookLogDays: e.WEBHOOK_LOG_RETENTION_DAYS },
    readsRetentionDays: e.READS_RETENTION_DAYS,
    dutchie: {
      apiUrl: e.DUTCHIE_API_URL.replace(/\/+$/, ''),
      refreshSeconds: e.DUTCHIE_REFRESH_SECONDS,
      minRefreshSeconds: e.DUTCHIE_MIN_REFRESH_SECONDS,
      backgroundRefreshSeconds: e.DUTCHIE_BACKGROUND_REFRESH_SECONDS,
      timeoutMs: e.DUTCHIE_TIMEOUT_MS,
      metrc: {
        apiUrl: e.METRC_API_URL.replace(/\/+$/, ''),
        vendorKey: e.METRC_VENDOR_KEY ?? null,
        syncSeconds: e.METRC_SYNC_SECONDS,
      },
    },
    tallie: {
      provider: e.TALLIE_PROVIDER,
      baseUrl: e.OPENAI_BASE_URL,
      apiKey: e.OPENAI_API_KEY,
      model: e.TALLIE_MODEL,
      timeoutMs: e.TALLIE_TIMEOUT_MS,
    },
  };
}

/** Loopback, private (RFC 1918), unique-local or link-local: an address the outside world cannot reach. */
function isPrivateAddress(host: string): boolean {
  if (!ipaddr.isValid(host)) return false;
  return ['loopback', 'private', 'uniqueLocal', 'linkLocal'].includes(ipaddr.parse(host).range());
}

/** '5,300,1800' as milliseconds. */
function secondsList(value: string): number[] {
  return value.split(',').map((v) => Math.round(Number(v) * 1000));
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
