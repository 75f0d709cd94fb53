import type { TStockStatus } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unnestRows } from '../../db/sql-arrays.ts';

export type ToldState = { package_id: string; state: TStockStatus };

/**
 * What the company's last snapshots told of each package (dutchie_stock_states). No row locks: the caller holds the
 * snapshot's cache row locked, which already puts two stores of this company's snapshot one after the other (and
 * locking every package's row would write to each of them).
 */
export async function toldStates(tx: Db, companyId: number): Promise<ToldState[]> {
  const told = await tx.execute<ToldState>(sql`
    select package_id, state from dutchie_stock_states where company_id = ${companyId}`);
  return told.rows;
}

/** Stores packages' new states (a package new to the table is inserted). */
export async function saveStates(tx: Db, companyId: number, changed: ToldState[]): Promise<void> {
  if (changed.length === 0) return;
  await tx.execute(sql`
    insert into dutchie_stock_states (company_id, package_id, state)
    select ${companyId}::int, package_id, state from ${unnestRows(changed, { package_id: 'text', state: 'text' })}
    on conflict (company_id, package_id) do update set state = excluded.state`);
}

/** Forgets packages gone from the snapshot. */
export async function forgetStates(tx: Db, companyId: number, packageIds: string[]): Promise<void> {
  if (packageIds.length === 0) return;
  await tx.execute(sql`
    delete from dutchie_stock_states s using ${unnestRows(
      packageIds.map((package_id) => ({ package_id })),
      { package_id: 'text' },
    )}
    where s.company_id = ${companyId} and s.package_id = r.package_id`);
}
