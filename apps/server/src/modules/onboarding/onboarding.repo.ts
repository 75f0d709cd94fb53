import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  audits,
  companies,
  devices,
  invitations,
  locations,
  memberships,
  products,
} from '../../db/schema/index.ts';

/** What a company has done so far, each read from the rows themselves (so nothing can tick a step but the work). */
export type OnboardingFacts = {
  inventoryType: string;
  dismissedAt: Date | null;
  hasPlaces: boolean;
  hasProducts: boolean;
  hasDutchieKey: boolean;
  hasReader: boolean;
  hasCount: boolean;
  hasTeam: boolean;
};

/**
 * One statement of EXISTS probes, each on an index led by company_id. The rules:
 * - a reader: a handheld that finished pairing, a browser set up on the Count screen (that is its first use), or a
 *   fixed reader that has been heard from (registering one is not yet using it);
 * - a count: an audit with status 'completed' (an in-progress or failed one is not a count yet);
 * - a team: another active member, or an invitation neither accepted nor expired.
 */
export async function findFacts(db: Db, companyId: number): Promise<OnboardingFacts | undefined> {
  const rows = await db
    .select({
      inventoryType: companies.inventoryType,
      dismissedAt: companies.onboardingDismissedAt,
      hasDutchieKey: sql<boolean>`${companies.dutchieApiKeyEnc} is not null`,
      hasPlaces: sql<boolean>`exists (select 1 from ${locations} where ${locations.companyId} = ${companyId})`,
      hasProducts: sql<boolean>`exists (select 1 from ${products} where ${products.companyId} = ${companyId})`,
      hasReader: sql<boolean>`exists (
        select 1 from ${devices} where ${devices.companyId} = ${companyId} and (
          (${devices.kind} = 'handheld' and ${devices.pairedAt} is not null)
          or ${devices.kind} = 'browser'
          or (${devices.kind} = 'fixed' and ${devices.lastSeen} is not null)))`,
      hasCount: sql<boolean>`exists (
        select 1 from ${audits} where ${audits.companyId} = ${companyId} and ${audits.status} = 'completed')`,
      hasTeam: sql<boolean>`(
        (select count(*) from ${memberships}
          where ${memberships.companyId} = ${companyId} and ${memberships.isActive}) > 1
        or exists (select 1 from ${invitations}
          where ${invitations.companyId} = ${companyId} and ${invitations.acceptedAt} is null
            and ${invitations.expiresAt} > now()))`,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return rows[0];
}

/** The first dismissal counts; repeating it changes nothing. */
export async function dismiss(db: Db, companyId: number) {
  await db
    .update(companies)
    .set({ onboardingDismissedAt: sql`coalesce(${companies.onboardingDismissedAt}, now())` })
    .where(eq(companies.id, companyId));
}
