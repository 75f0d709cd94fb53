import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ExpectedRow } from '../modules/audits/dutchie-expected.ts';
import { insertExpected } from '../modules/ingest/ingest.repo.ts';
import { useTestDatabase } from '../test/test-app.ts';
import { auditExpected, audits, companies } from './schema/index.ts';
import { sqlArray, unnestRows } from './sql-arrays.ts';

/** Text that a hand-built array literal would mangle or that a careless NULL check would take for NULL. */
const AWKWARD = [
  'a"b',
  'c,d',
  '{e}',
  'f\\g',
  '\\',
  '"',
  '{',
  '}',
  'NULL',
  'null',
  '',
  ' padded ',
  "o'q",
  'line\nbreak',
  'é ☃ 日本',
  '{"x": [1, 2]}',
];

const database = useTestDatabase();

describe('arrays into SQL', () => {
  it('sends text arrays as one parameter that arrives exactly as sent, in order, null as NULL', async () => {
    const values = [...AWKWARD, null];
    const r = await database
      .db()
      .execute<{ v: string | null; is_null: boolean }>(
        sql`select v, v is null as is_null from unnest(${sqlArray(values, 'text')}) with ordinality as t(v, o) order by o`,
      );
    expect(r.rows.map((row) => row.v)).toEqual(values);
    expect(r.rows.map((row) => row.is_null)).toEqual(values.map((v) => v === null));
  });

  it('sends numbers, booleans and times with nulls', async () => {
    const r = await database.db().execute<{
      i: number | null;
      f: number | null;
      b: boolean | null;
      t: string | null;
    }>(sql`
      select i, f, b, to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as t
      from ${unnestRows(
        [
          { i: 1, f: -40.5, b: true, t: '2024-05-01T10:00:00.123Z' },
          { i: null, f: null, b: null, t: null },
          { i: -2147483648, f: 0, b: false, t: '1999-12-31T23:59:59.000Z' },
        ],
        { i: 'int', f: 'real', b: 'boolean', t: 'timestamptz' },
      )} order by ord`);
    expect(r.rows).toEqual([
      { i: 1, f: -40.5, b: true, t: '2024-05-01T10:00:00.123' },
      { i: null, f: null, b: null, t: null },
      { i: -2147483648, f: 0, b: false, t: '1999-12-31T23:59:59.000' },
    ]);
  });

  it('sends an empty array', async () => {
    const r = await database
      .db()
      .execute<{ n: number }>(sql`select cardinality(${sqlArray([], 'int')}) as n`);
    expect(Number(r.rows[0]?.n)).toBe(0);
  });

  it("stores a point-of-sale audit's expected rows with awkward names and rooms as sent", async () => {
    const [company] = await database
      .db()
      .insert(companies)
      .values({ name: 'Arrays' })
      .returning({ id: companies.id });
    const [audit] = await database
      .db()
      .insert(audits)
      .values({ companyId: company?.id ?? 0, clientAuditId: randomUUID(), name: 'Arrays' })
      .returning({ id: audits.id });
    const auditId = audit?.id ?? 0;
    const rows: ExpectedRow[] = AWKWARD.map((text, i) => ({
      epc: `E${String(i).padStart(3, '0')}`,
      package_id: text,
      name: text,
      rfid_tag: `tag ${text}`,
      expected: i,
      in_scope: i % 2 === 0,
      belongs: i % 3 === 0 ? null : text,
      is_package: i % 2 === 1,
      units: i,
    }));
    await insertExpected(database.db(), company?.id ?? 0, auditId, rows);
    const stored = await database
      .db()
      .select({
        epc: auditExpected.epc,
        package_id: auditExpected.packageId,
        name: auditExpected.name,
        rfid_tag: auditExpected.rfidTag,
        expected: auditExpected.expected,
        in_scope: auditExpected.inScope,
        belongs: auditExpected.belongs,
        is_package: auditExpected.isPackage,
        units: auditExpected.units,
      })
      .from(auditExpected)
      .where(eq(auditExpected.auditId, auditId))
      .orderBy(asc(auditExpected.epc));
    expect(stored).toEqual(rows);
  });
});
