// A count as EPCIS 2.0 (issue 53), at size: GET /api/audits/{id}/epcis of a completed count of 100,000 distinct
// SGTIN-96 tags (and one of 10,000 beside it), from a real server on PostgreSQL. The count's tags are written as the
// completing statement writes them (audit_tags), so the bench measures the export alone. Prints, per round, the time
// to the last byte, the document's size, its epcList's length (the document parsed), and the server's resident
// memory before and at its peak during the export (sampled every 10 ms from /proc): streamed, the peak should not
// grow with the count.
// Usage: node bench/epcis-export.mjs [tags=100000] [rounds=3]
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { freshDatabase, pairReader, post, signUp, startServer } from './readers-lib.mjs';

const tags = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 3);
const small = Math.max(1, Math.round(tags / 10));

/** SGTIN-96 of GS1's example GTIN 80614141123458 (prefix 0614141, partition 5) with a serial: TDS 14.5.1. */
const sgtin = (serial) =>
  ((0x30n << 88n) | (1n << 85n) | (5n << 82n) | (614141n << 58n) | (812345n << 38n) | BigInt(serial))
    .toString(16)
    .toUpperCase()
    .padStart(24, '0');

const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

const db = await freshDatabase();
const server = await startServer(db.url);
const pool = new pg.Pool({ connectionString: db.url, max: 2 });
try {
  const token = await signUp(server.base);
  const reader = await pairReader(server.base, token, 'BENCH-EPCIS');
  const companyId = (await pool.query('select company_id from devices limit 1')).rows[0].company_id;
  await pool.query("insert into gs1_prefixes (company_id, prefix) values ($1, '0614141')", [companyId]);
  await pool.query("update companies set time_zone = 'Europe/Amsterdam' where id = $1", [companyId]);

  /** A completed count of `n` distinct SGTIN tags, its tags written as reconciliation writes them. */
  async function completedCount(n, from) {
    const start = await post(server.base, '/api/rfid/audits', { client_audit_id: randomUUID() }, reader);
    const id = start.body.audit_id;
    if (!id) throw new Error(`start: ${start.status} ${JSON.stringify(start.body)}`);
    const epcs = Array.from({ length: n }, (_, i) => sgtin(from + i));
    await pool.query(
      `insert into audit_tags (company_id, audit_id, epc, tids, reads, gtin, decoded, first_seen, last_seen)
       select $1, $2, decode(e, 'hex'), 1, 2, '80614141123458', 'GTIN 80614141123458', now(), now()
       from unnest($3::text[]) e`,
      [companyId, id, epcs],
    );
    await pool.query(
      "update audits set status = 'completed', completed_at = now(), tags_found = $3 where company_id = $1 and id = $2",
      [companyId, id, n],
    );
    return id;
  }
  const big = await completedCount(tags, 1);
  const little = await completedCount(small, tags + 1);
  await pool.query('analyze audit_tags');

  async function exportOnce(id) {
    const before = rssMb(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid));
    }, 10);
    const t0 = performance.now();
    const res = await fetch(`${server.base}/api/audits/${id}/epcis`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(server.pid));
    if (!res.ok) throw new Error(`export: ${res.status} ${text.slice(0, 200)}`);
    const doc = JSON.parse(text);
    return {
      ms,
      bytes: Buffer.byteLength(text),
      epcs: doc.epcisBody.eventList[0].epcList.length,
      before,
      peak,
    };
  }

  console.log(
    `EPCIS export of a count of ${tags.toLocaleString('en-US')} and of ${small.toLocaleString('en-US')} tags:`,
  );
  for (let r = 1; r <= rounds; r++) {
    for (const [label, id] of [
      ['big', big],
      ['small', little],
    ]) {
      const x = await exportOnce(id);
      console.log(
        `round ${r} ${label.padEnd(5)} ${x.epcs.toLocaleString('en-US').padStart(8)} EPCs  ${(x.ms / 1000).toFixed(2).padStart(6)} s  ` +
          `${(x.bytes / 1e6).toFixed(1).padStart(5)} MB  server RSS ${x.before.toFixed(0)} MB -> peak ${x.peak.toFixed(0)} MB`,
      );
    }
  }
} finally {
  await pool.end();
  await server.stop();
  await db.drop();
}
