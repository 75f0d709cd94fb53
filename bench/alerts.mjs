import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { freshDatabase, pairReader, pct, post, signUp, startServer } from './readers-lib.mjs';

const auditCount = Number(process.argv[2] ?? 1000);
const companyCount = Number(process.argv[3] ?? 10);
const PRODUCTS = 20;
/** The rate: all the completions within this many seconds. */
const PACE_SECONDS = Number(process.env.BENCH_PACE_SECONDS ?? 60);

/** A receiver of our own: verifies each delivery and notes its latency from the event's timestamp. */
async function startReceiver(secrets) {
  const latencies = [];
  const seen = new Set();
  let bad = 0;
  let duplicates = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      const company = Number(new URL(req.url, 'http://x').searchParams.get('c'));
      try {
        new Webhook(secrets.get(company)).verify(raw, req.headers);
      } catch {
        bad++;
        res.writeHead(401).end();
        return;
      }
      const id = req.headers['webhook-id'];
      if (seen.has(id)) duplicates++;
      seen.add(id);
      latencies.push(Date.now() - Date.parse(JSON.parse(raw).timestamp));
      res.writeHead(204).end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    latencies,
    stats: () => ({ bad, duplicates, received: seen.size }),
    close: () => new Promise((r) => server.close(r)),
  };
}

/** Companies with a location of PRODUCTS products, a reader each, and (when `receiver`) a webhook. */
async function setUp(server, pool, receiver, secrets) {
  const companies = [];
  for (let c = 0; c < companyCount; c++) {
    const token = await signUp(server.base);
    const reader = await pairReader(server.base, token, `BENCH-ALERTS-${c}-${randomUUID().slice(0, 6)}`);
    const companyId = (
      await pool.query(
        'select d.company_id from devices d join device_tokens t on t.device_id = d.id order by d.id desc limit 1',
      )
    ).rows[0].company_id;
    const loc = (
      await pool.query('insert into locations (company_id, name) values ($1, $2) returning id', [
        companyId,
        'Shelf',
      ])
    ).rows[0].id;
    await pool.query(
      `insert into products (company_id, name, sku, rfid_tag, epc, quantity, location_id)
       select $1, 'P' || i, 'A' || lpad(i::text, 6, '0'), rpad('A' || lpad(i::text, 6, '0'), 12, '0'),
         upper(encode(convert_to(rpad('A' || lpad(i::text, 6, '0'), 12, '0'), 'UTF8'), 'hex')), 2, $2
       from generate_series(1, $3) i`,
      [companyId, loc, PRODUCTS],
    );
    const epcs = (await pool.query('select epc from products where company_id = $1', [companyId])).rows.map(
      (r) => r.epc,
    );
    if (receiver) {
      const hook = await post(
        server.base,
        '/api/webhooks',
        { url: `${receiver.url}?c=${companyId}`, events: ['audit.completed'] },
        token,
      );
      if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${JSON.stringify(hook.body)}`);
      secrets.set(companyId, hook.body.secret);
    }
    companies.push({ reader, loc, epcs });
  }
  return companies;
}

/**
 * `auditCount` audits started and given their one batch of reads beforehand (not timed), then completed at the
 * issue's rate: the completions are sent open-loop, one every (60 s / auditCount) round the companies, each
 * whether or not the previous ones have answered, so a server that falls behind shows it in the latencies (a
 * closed loop would only slow down). Answers each completion's time and how long all of them took.
 */
async function runAudits(server, companies) {
  const perCompany = Math.ceil(auditCount / companies.length);
  const open = [];
  const p0 = performance.now();
  await Promise.all(
    companies.map(async (co, c) => {
      for (let i = 0; i < perCompany; i++) {
        const start = await post(
          server.base,
          '/api/rfid/audits',
          { client_audit_id: randomUUID(), location_id: co.loc },
          co.reader,
        );
        if (start.status !== 201 && start.status !== 200) throw new Error(`start: ${start.status}`);
        const id = start.body.audit_id;
        // Found: all, or all but one or two (so some audits have shortages, as in a shop).
        const reads = co.epcs.slice(i % 3).map((epc, n) => ({
          epc,
          tid: `E280${n.toString(16).padStart(20, '0')}`.toUpperCase(),
          rssi: -40,
          count: 1,
        }));
        const batch = await post(
          server.base,
          `/api/rfid/audits/${id}/reads`,
          { batch_seq: 0, reads },
          co.reader,
        );
        if (batch.status >= 300) throw new Error(`reads: ${batch.status}`);
        open.push({ id, reader: co.reader, company: c });
      }
    }),
  );
  const prepareSeconds = (performance.now() - p0) / 1000;
  // Round the companies: the i-th completion is of company i mod 10.
  const byCompany = companies.map((_, c) => open.filter((o) => o.company === c));
  const order = [];
  for (let i = 0; order.length < auditCount && i < perCompany; i++)
    for (const list of byCompany) if (list[i] && order.length < auditCount) order.push(list[i]);
  const everyMs = (PACE_SECONDS * 1000) / order.length;
  const completeMs = [];
  const t0 = performance.now();
  await Promise.all(
    order.map(async (a, i) => {
      const due = t0 + i * everyMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const c0 = performance.now();
      const done = await post(server.base, `/api/rfid/audits/${a.id}/complete`, { batch_count: 1 }, a.reader);
      completeMs.push(performance.now() - c0);
      if (done.status !== 200) throw new Error(`complete: ${done.status} ${JSON.stringify(done.body)}`);
    }),
  );
  return {
    completeMs: completeMs.sort((a, b) => a - b),
    seconds: (performance.now() - t0) / 1000,
    prepareSeconds,
  };
}

async function postDirect(receiver, secrets, count) {
  const [companyId, secret] = [...secrets.entries()][0];
  const wh = new Webhook(secret);
  const before = receiver.latencies.length;
  const everyMs = (PACE_SECONDS * 1000) / count;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const wait = t0 + i * everyMs - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const at = new Date();
      const id = `msg_bare_${i}_${randomUUID()}`;
      const body = JSON.stringify({
        type: 'audit.completed',
        timestamp: at.toISOString(),
        data: { company_id: companyId },
      });
      await fetch(`${receiver.url}?c=${companyId}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': wh.sign(id, at, body),
        },
        body,
      });
    }),
  );
  return receiver.latencies.slice(before).sort((a, b) => a - b);
}

const fmt = (sorted) =>
  `median ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms`;

async function round(dir, label, withWebhooks) {
  const db = await freshDatabase();
  const server = await startServer(db.url, { WEBHOOK_ALLOW_PRIVATE: 'true' }, { dir });
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const secrets = new Map();
  const receiver = withWebhooks ? await startReceiver(secrets) : null;
  try {
    const companies = await setUp(server, pool, receiver, secrets);
    const load0 = loadavg()[0];
    const { completeMs, seconds, prepareSeconds } = await runAudits(server, companies);
    console.log(
      `${label}: ${completeMs.length} audits completed in ${seconds.toFixed(1)} s (sent over ${PACE_SECONDS} s) across ${companies.length} companies; prepared in ${prepareSeconds.toFixed(0)} s; load average ${load0.toFixed(1)} -> ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
    );
    console.log(`  completing an audit: ${fmt(completeMs)}`);
    if (receiver) {
      const deadline = Date.now() + 60_000;
      while (receiver.stats().received < completeMs.length && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      const lat = [...receiver.latencies].sort((a, b) => a - b);
      const s = receiver.stats();
      console.log(
        `  webhook deliveries: ${s.received}/${completeMs.length} received, ${s.duplicates} duplicates, ${s.bad} bad signatures`,
      );
      console.log(`  delivery latency (event to receiver): ${fmt(lat)}`);
      // The same deliveries done bare: each body signed and POSTed straight to the receiver at the same pace, no
      // queue, no database: what the event store and the worker add is the difference.
      const direct = await postDirect(receiver, secrets, completeMs.length);
      console.log(`  bare (signed POST straight to the receiver, same pace): ${fmt(direct)}`);
    }
    return completeMs;
  } finally {
    await receiver?.close();
    await pool.end();
    await server.stop();
    await db.drop();
  }
}

// Rounds alternate (before, after, after with webhooks, and again) so the shared machine's drift hits all alike.
// BENCH_WEBHOOKS_ONLY=1 with BENCH_BASELINE_DIR compares two builds with webhooks on: the baseline checkout's server
// and this one's, alternated (a change to the jobs themselves, where "before alerts" has nothing to compare).
const here = join(import.meta.dirname, '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const webhooksOnly = process.env.BENCH_WEBHOOKS_ONLY === '1';
for (let r = 1; r <= rounds; r++) {
  if (process.env.BENCH_BASELINE_DIR)
    await round(
      process.env.BENCH_BASELINE_DIR,
      `round ${r}, baseline checkout${webhooksOnly ? ', a webhook per company' : ''}`,
      webhooksOnly,
    );
  if (!webhooksOnly) await round(here, `round ${r}, with alerts, no webhooks`, false);
  await round(here, `round ${r}, with alerts and a webhook per company`, true);
}
