import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenantKeyProblems } from './tenant-catalog.ts';
import { useTestDatabase } from './test-app.ts';

const database = useTestDatabase();

describe('the tenant key, read from the database catalogue after the migrations', () => {
  it('is on every tenant table, NOT NULL, in every unique key and in every reference between tenant tables', async () => {
    expect(await tenantKeyProblems(database.db())).toEqual([]);
  });

  it('names a new table without company_id, a unique key without it and a reference that drops it', async () => {
    await database
      .db()
      .transaction(async (tx) => {
        await tx.execute(sql`create table widgets (id serial primary key, name text)`);
        await tx.execute(
          sql`create table gadgets (company_id int not null, code text, primary key (company_id, code))`,
        );
        await tx.execute(sql`create unique index gadgets_code_unique on gadgets (code)`);
        await tx.execute(sql`create table gizmos (company_id int not null, gadget text, id serial,
        primary key (company_id, id))`);
        await tx.execute(
          sql`create unique index gadgets_code_include_company on gadgets (code) include (company_id)`,
        );
        await tx.execute(sql`alter table gizmos add constraint gizmos_gadget_fk foreign key (gadget)
        references gadgets (code)`);
        await tx.execute(sql`create table sprockets (company_id int, id int, primary key (id, company_id))`);
        const problems = await tenantKeyProblems(tx);
        expect(problems).toEqual(
          expect.arrayContaining([
            'widgets: no company_id (add it, or list the table as global with why)',
            'widgets: unique key widgets_pkey leaves company_id out',
            'gadgets: unique key gadgets_code_unique leaves company_id out',
            'gadgets: unique key gadgets_code_include_company leaves company_id out',
            'gizmos: reference gizmos_gadget_fk to gadgets does not carry company_id',
          ]),
        );
        // A primary key's columns are NOT NULL whatever the table says; company_id in it, in any place, is enough.
        expect(problems.filter((p) => p.startsWith('sprockets'))).toEqual([]);
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error && e.message === 'Rollback')) throw e;
      });
  });
});
