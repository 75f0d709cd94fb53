import { TWO_FACTOR_MESSAGES } from '@quantics/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { AppError } from './app-error.ts';
import { createFailureCounter, type FailureCounter } from './failure-counter.ts';

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export type BruteForceLimits = {
  /** Failures allowed per account (sign-in email, or signed-in user) per window. */
  perAccount: number;
  /** Failures allowed per client address per window. */
  perIp: number;
};

const tooMany = () => new AppError(429, TWO_FACTOR_MESSAGES.tooManyAttempts);

/**
 * Limits guessing of passwords and codes. Callers check BEFORE verifying anything, so a locked account
 * answers 429 whether the guess is right or wrong and can't be probed.
 */
export class BruteForceGuard {
  constructor(
    private readonly counter: FailureCounter,
    private readonly limits: BruteForceLimits,
    private readonly windowMs = FAILURE_WINDOW_MS,
  ) {}

  /** Sign-in (password or its code step): per email and per client address. */
  async checkLogin(email: string, ip: string): Promise<void> {
    const [account, address] = await Promise.all([
      this.counter.count(loginKey(email)),
      this.counter.count(ipKey(ip)),
    ]);
    if (account >= this.limits.perAccount || address >= this.limits.perIp) throw tooMany();
  }

  async loginFailed(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.counter.hit(loginKey(email), this.windowMs),
      this.counter.hit(ipKey(ip), this.windowMs),
    ]);
  }

  /** A full sign-in clears the account's count; the address keeps its count, or one good account would unlock guessing at others. */
  async loginSucceeded(email: string): Promise<void> {
    await this.counter.reset(loginKey(email));
  }

  /** Password or code checks of a signed-in user (two-factor settings, password change). */
  async checkUser(userId: number): Promise<void> {
    if ((await this.counter.count(userKey(userId))) >= this.limits.perAccount) throw tooMany();
  }

  async userFailed(userId: number): Promise<void> {
    await this.counter.hit(userKey(userId), this.windowMs);
  }

  async userSucceeded(userId: number): Promise<void> {
    await this.counter.reset(userKey(userId));
  }
}

const loginKey = (email: string) => `login:account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `login:ip:${ip}`;
const userKey = (userId: number) => `verify:user:${userId}`;

/** The guard for a running app: Redis-backed when the app has Redis, else database-backed. */
export function bruteForceGuardFor(app: {
  db: Db;
  redis: Redis | null;
  log: FastifyBaseLogger;
  config: { authFailureLimit: number; authFailureLimitPerIp: number };
}): BruteForceGuard {
  return new BruteForceGuard(createFailureCounter(app), {
    perAccount: app.config.authFailureLimit,
    perIp: app.config.authFailureLimitPerIp,
  });
}
