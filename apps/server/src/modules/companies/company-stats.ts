import type { TCompanyStats } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { countAudits } from '../audits/audits.service.ts';
import { countDevices } from '../devices/devices.service.ts';
import { productCount } from '../inventory/inventory.service.ts';
import { countActiveMembers } from './companies.repo.ts';

type Counter = (db: Db, companyId: number) => Promise<number>;

/**
 * One counter per figure on the company card, each scoped by companyId.
 */
const COUNTERS: Record<keyof TCompanyStats, Counter> = {
  users: countActiveMembers,
  products: productCount,
  devices: countDevices,
  audits: countAudits,
};

export async function companyStats(db: Db, companyId: number): Promise<TCompanyStats> {
  const keys = Object.keys(COUNTERS) as (keyof TCompanyStats)[];
  const values = await Promise.all(keys.map((key) => COUNTERS[key](db, companyId)));
  return Object.fromEntries(keys.map((key, i) => [key, values[i] ?? 0])) as TCompanyStats;
}
