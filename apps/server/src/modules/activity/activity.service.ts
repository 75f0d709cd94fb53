import type { TActivityItem, TPerformerType } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import * as repo from './activity.repo.ts';

/** Who did it: a person, a handheld reader acting on its own, or a program with an API key. */
export type Performer = { type: TPerformerType; id: number | null; name: string };

export type ActivityEntry = {
  companyId: number;
  performer: Performer;
  /** Machine-readable kind, 'area.verb': 'auth.sign_in', 'team.invite', 'inventory.update', ... */
  action: string;
  /** The area, shown as the entry's type: 'audit', 'inventory', 'team', 'company', 'auth', ... */
  type: string;
  /** One human sentence, e.g. 'Ann Lee invited bob@example.com as Operator'. */
  message: string;
  /** Extra facts; inventory entries put `sku` and `quantity` here for the dashboard. */
  metadata?: Record<string, unknown>;
  /** When it happened, for something recorded after the fact (an audit a reader did earlier); absent: now. */
  at?: Date;
};

/**
 * The one way to write the activity log. Pass the transaction as `db` when the entry belongs to a change,
 * so both are kept or both are dropped.
 */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await repo.insertActivity(db, {
    companyId: entry.companyId,
    performerType: entry.performer.type,
    performerId: entry.performer.id,
    performerName: entry.performer.name,
    action: entry.action,
    type: entry.type,
    message: entry.message,
    metadata: entry.metadata ?? null,
    ...(entry.at && { createdAt: entry.at }),
  });
}

/** The performer for a signed-in person: their name, else their email. */
export function userPerformer(user: { userId: number; name: string | null; email: string }): Performer {
  return { type: 'user', id: user.userId, name: user.name || user.email };
}

/** Entries of the log as the dashboard and the activity call show them. */
export const activityItems = (rows: repo.ActivityRow[]): TActivityItem[] =>
  rows.map((r) => {
    const meta = (r.metadata ?? {}) as { sku?: unknown; quantity?: unknown };
    return {
      id: r.id,
      type: r.type,
      action: r.action,
      message: r.message,
      time: new Date(r.createdAt).toISOString(),
      sku: typeof meta.sku === 'string' ? meta.sku : null,
      quantity: typeof meta.quantity === 'number' ? meta.quantity : null,
      performer_name: r.performerName,
      performer_type:
        r.performerType === 'device' || r.performerType === 'api_key' ? r.performerType : 'user',
    };
  });

export async function recentActivity(db: Db, companyId: number, limit: number): Promise<TActivityItem[]> {
  return activityItems(await repo.listRecentActivity(db, companyId, limit));
}

/**
 * A security event (sign-in, failed sign-in, two-factor or password change, session ended, policy change): an
 * activity entry of type 'security' with the caller's address and User-Agent. `companyId` 'all' writes it in every
 * company the person belongs to (an account-wide event); the export is GET /api/reports/security-log.csv.
 */
export async function recordSecurityEvent(
  db: Db,
  event: Omit<ActivityEntry, 'type' | 'companyId' | 'at'> & {
    /** 'security' unless given ('auth' for sign-ins, as the dashboard has always shown them). */
    type?: string;
    companyId: number | { allCompaniesOf: number };
    client: { ip: string; userAgent: string | null };
  },
): Promise<void> {
  const metadata = { ...event.metadata, ip: event.client.ip, user_agent: event.client.userAgent };
  const type = event.type ?? 'security';
  if (typeof event.companyId === 'number') {
    await recordActivity(db, { ...event, companyId: event.companyId, type, metadata });
    return;
  }
  await repo.insertActivityForUserCompanies(db, event.companyId.allCompaniesOf, {
    performerType: event.performer.type,
    performerId: event.performer.id,
    performerName: event.performer.name,
    action: event.action,
    type,
    message: event.message,
    metadata,
  });
}
