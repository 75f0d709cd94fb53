import { API_MESSAGES } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { errorsPlugin } from './errors.ts';

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
const logged: string[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } } });
  await app.register(errorsPlugin);
  // Values the contracts would refuse first, sent straight to PostgreSQL, as a route with a missing rule would.
  app.get('/nul', async () => database.db.execute(sql`select ${'a\u0000b'}::text as t`));
  app.get('/out-of-range', async () => database.db.execute(sql`select ${'99999999999'}::int as n`));
  app.get('/bad-date', async () => database.db.execute(sql`select ${'2026-02-31'}::date as d`));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
});

describe('the error handler’s last line of defence', () => {
  it.each(['/nul', '/out-of-range', '/bad-date'])(
    'answers a PostgreSQL data exception (%s) with a 400 and logs it as an error',
    async (url) => {
      logged.length = 0;
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: API_MESSAGES.valueCannotBeStored });
      expect(logged.some((line) => /"level":50.*data exception reached the database/.test(line))).toBe(true);
    },
  );
});
