// Tallie's built-in provider answering data questions through POST /api/chatbot (HTTP, session, tools, services)
// at one company with 1,000,000 products (and a neighbour with 100,000), beside the same answer computed bare (the
// provider, its intent recognition and its tools called in process on a pool: the SQL and the formatting, no HTTP,
// no session).
// Usage: node --import tsx bench/tallie.mjs [products=1000000] [requests=200] [concurrency=5]
// Needs a PostgreSQL server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres). Prints only.
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { auditClock } from '../apps/server/src/modules/audits/audit-status.ts';
import { builtinProvider } from '../apps/server/src/modules/chat/tallie/builtin-provider.ts';
import { createRecognizer } from '../apps/server/src/modules/chat/tallie/nlu/recognizer.ts';
import { ms, seedProducts, startBench, timed } from './lib.mjs';

const { recognize } = createRecognizer();
const PRODUCTS = Number(process.argv[2] ?? 1_000_000);
const REQUESTS = Number(process.argv[3] ?? 200);
const CONCURRENCY = Number(process.argv[4] ?? 5);

const QUESTIONS = [
  'What is low on stock?',
  'What expires soon?',
  'Where is M00012345?',
  'How many Product #777 do we have?',
  'How did the last audits go?',
  'What is my inventory worth?',
];

const bench = await startBench();
const pool = new pg.Pool({ connectionString: bench.dbUrl, max: 2 });
const database = await openDatabase({ url: bench.dbUrl });
try {
  const main = await bench.register('Tallie Co');
  const other = await bench.register('Neighbour Co');
  console.log(`Seeding ${PRODUCTS.toLocaleString('en-US')} products...`);
  await seedProducts(pool, main.companyId, PRODUCTS, 'M');
  await seedProducts(pool, other.companyId, Math.ceil(PRODUCTS / 10), 'N');
  // What autovacuum leaves a settled catalogue in: statistics, visibility map, trigram pending list merged.
  await pool.query('VACUUM ANALYZE products');
  // The same context the server builds from the session (a local catalogue: Dutchie is not read).
  const ctx = {
    db: database.db,
    companyId: main.companyId,
    role: 'admin',
    inventoryType: 'manual',
    audits: auditClock(120),
    dutchie: null,
  };
  console.log(`Built-in provider, ${REQUESTS} requests each, ${CONCURRENCY} at a time (ms)`);
  console.log('API: POST /api/chatbot; bare: the provider and its tools in process on a pool.');
  console.log(' API p50  API p95 bare p50 bare p95  p95 ratio  question');
  // The floor of any signed-in call (session lookup, HTTP, JSON) on this machine at this moment.
  const me = await timed(REQUESTS, CONCURRENCY, () =>
    fetch(`${bench.base}/api/auth/me`, { headers: { authorization: `Bearer ${main.token}` } }).then((r) =>
      r.json(),
    ),
  );
  console.log(`${ms(me.p50)}  ${ms(me.p95)}                              (GET /api/auth/me, the floor)`);
  for (const q of QUESTIONS) {
    const messages = [{ role: 'user', content: q }];
    const ask = async () => {
      const res = await fetch(`${bench.base}/api/chatbot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${main.token}` },
        body: JSON.stringify({ messages }),
      });
      if (res.status !== 200) throw new Error(`${q}: ${res.status} ${await res.text()}`);
      await res.json();
    };
    const bare = async () => builtinProvider.answer(ctx, { messages, understanding: await recognize(q) });
    await ask();
    await bare();
    const api = await timed(REQUESTS, CONCURRENCY, ask);
    const direct = await timed(REQUESTS, CONCURRENCY, bare);
    console.log(
      `${ms(api.p50)}  ${ms(api.p95)}  ${ms(direct.p50)}  ${ms(direct.p95)}    ${(api.p95 / direct.p95).toFixed(2)}x  ${q}`,
    );
  }
} finally {
  await database.close();
  await pool.end();
  await bench.stop();
}
