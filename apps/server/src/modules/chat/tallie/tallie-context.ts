import type { TInventoryType, TRole } from '@quantics/contracts';
import type { Db } from '../../../db/client.ts';
import type { AuditClock } from '../../audits/audit-status.ts';
import type { DutchieContext } from '../../dutchie/dutchie-context.ts';
import type { InventoryReads } from '../../inventory/inventory.repo.ts';

/**
 * What Tallie may read, and for whom: the company and the caller's role come from the session, never from what a
 * model asks. Every tool calls another feature's service, scoped by that company, and only reads.
 */
export type TallieContext = {
  db: Db;
  companyId: number;
  /** The signed-in person: their own planned counts come first. */
  userId: number;
  role: TRole;
  inventoryType: TInventoryType;
  /** The company's time zone: its days are the periods Tallie speaks of ("last week", "today"). */
  timeZone: string;
  /** The configured audit time-out (app.audits). */
  audits: AuditClock;
  /** The Dutchie services' context: a point-of-sale company's inventory questions are answered from Dutchie. */
  dutchie: DutchieContext;
  /** The catalogue's prepared reads (a manual company's product questions). */
  inventory: InventoryReads;
};
