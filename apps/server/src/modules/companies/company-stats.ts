import type { TCompanyStats } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { countActiveMembers } from './companies.repo.ts';

type Counter = (db: Db, companyId: number) => Promise<number>;

/**
 * One counter per figure on the company card. Products, devices and audits have no tables yet: they count
 * zero until the inventory, devices and audits features add theirs here (each scoped by companyId).
 */
const COUNTERS: Record<keyof TCompanyStats, Counter> = {
  users: countActiveMembers,
  products: async () => 0,
  devices: async () => 0,
  audits: async () => 0,
};

export async function companyStats(db: Db, companyId: number): Promise<TCompanyStats> {
  const keys = Object.keys(COUNTERS) as (keyof TCompanyStats)[];
  const values = await Promise.all(keys.map((key) => COUNTERS[key](db, companyId)));
  return Object.fromEntries(keys.map((key, i) => [key, values[i] ?? 0])) as TCompanyStats;
}
