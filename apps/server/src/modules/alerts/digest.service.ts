import { EXPIRING_WINDOW_DAYS, type TDutchieItem } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { packageStockState } from '../dutchie/dutchie-stock-events.ts';
import { withUnsubscribe } from './alert-mail.ts';
import { insertMailJobs } from './dispatch.repo.ts';
import type { AlertDeps } from './dispatch.service.ts';

type Due = { user_id: number; company_id: number; email: string; local_day: string };
type Item = {
  name: string;
  sku: string;
  quantity: number;
  status: string;
  expiration_date: string | null;
  is_expiring: boolean;
};

/** How many lines of each kind a digest lists (it says how many more there are). */
const LISTED = 20;

/**
 * The daily digests that are due: each person whose chosen hour has come in their time zone and who has not had
 * today's. Marking the day and queueing the e-mail happen in one transaction (SKIP LOCKED between instances), so a
 * digest goes once a day at most; a day with nothing low, out or expiring sends nothing.
 */
export async function sendDueDigests(deps: AlertDeps): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const due = await tx.execute<Due>(sql`
      with due as (
        select s.user_id, s.company_id from notification_settings s
        join memberships m on m.user_id = s.user_id and m.company_id = s.company_id and m.is_active
        where s.digest_hour is not null
          and extract(hour from now() at time zone s.time_zone) >= s.digest_hour
          and (s.last_digest_on is null or s.last_digest_on < (now() at time zone s.time_zone)::date)
        order by s.user_id, s.company_id limit 100
        for update of s skip locked
      )
      update notification_settings s set last_digest_on = (now() at time zone s.time_zone)::date
      from due, users u
      where s.user_id = due.user_id and s.company_id = due.company_id and u.id = s.user_id
      returning s.user_id, s.company_id, u.email, s.last_digest_on::text as local_day`);
    let queued = 0;
    for (const person of due.rows) {
      const pos = await dutchieSnapshot(tx, person.company_id);
      const items = pos
        ? dutchieDigestItems(pos.items, person.local_day)
        : await digestItems(tx, person.company_id);
      const paragraphs = digestParagraphs(items);
      if (paragraphs.length === 0) continue;
      if (pos) paragraphs.push(`From the Dutchie snapshot taken ${pos.fetched_at} (UTC).`);
      const message = withUnsubscribe(
        { ...deps, userId: person.user_id, companyId: person.company_id, to: person.email },
        {
          subject: `Your Quantics digest for ${person.local_day}`,
          title: `Stock digest for ${person.local_day}`,
          paragraphs,
          action: { label: 'Open the inventory', url: `${deps.publicUrl}/inventory` },
        },
      );
      await insertMailJobs(tx, [
        { company_id: person.company_id, to_email: person.email, message: JSON.stringify(message) },
      ]);
      queued++;
    }
    return queued;
  });
}

/** Set the last digest day to today when today's hour has already passed, so saving settings sends nothing at once. */
export async function skipTodayIfPast(db: Db, userId: number, companyId: number): Promise<void> {
  await db.execute(sql`update notification_settings set last_digest_on = (now() at time zone time_zone)::date
    where user_id = ${userId} and company_id = ${companyId} and digest_hour is not null
      and extract(hour from now() at time zone time_zone) >= digest_hour`);
}

async function digestItems(db: Db, companyId: number): Promise<Item[]> {
  const res = await db.execute<Item>(sql`
    select name, sku, quantity, status, expiration_date::text as expiration_date,
      coalesce(expiration_date >= current_date and expiration_date <= current_date + 30, false) as is_expiring
    from products
    where company_id = ${companyId} and (status in ('low-stock', 'out-of-stock')
      or (expiration_date >= current_date and expiration_date <= current_date + 30))
    order by name, id limit 1000`);
  return res.rows;
}

type PosSnapshot = { items: TDutchieItem[]; fetched_at: string };

/**
 * A point-of-sale company's digest is read from its last stored Dutchie snapshot (no call to Dutchie from here;
 * the snapshot is refreshed whenever someone looks at the store). Null for a company with a local catalogue; a
 * Dutchie company with no snapshot yet has nothing to say.
 */
async function dutchieSnapshot(db: Db, companyId: number): Promise<PosSnapshot | null> {
  const res = await db.execute<{ body: { items?: TDutchieItem[] } | null; fetched_at: string | null }>(sql`
    select c.body, to_char(c.fetched_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as fetched_at
    from companies co
    left join dutchie_cache c on c.company_id = co.id and c.kind = 'inventory' and c.params = ''
    where co.id = ${companyId} and co.inventory_type = 'dutchie'`);
  const row = res.rows[0];
  if (!row) return null;
  return { items: row.body?.items ?? [], fetched_at: row.fetched_at ?? '' };
}

const DAY_MS = 86_400_000;
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The snapshot's packages that are low, out, or in stock and expiring within 30 days of the person's `day`. */
export function dutchieDigestItems(items: TDutchieItem[], day: string): Item[] {
  const today = new Date(`${day}T00:00:00Z`).getTime();
  return items
    .flatMap((i): Item[] => {
      const status = packageStockState(i.quantity);
      const daysLeft = i.expirationDate
        ? Math.round((new Date(`${i.expirationDate}T00:00:00Z`).getTime() - today) / DAY_MS)
        : null;
      const isExpiring =
        i.quantity > 0 && daysLeft !== null && daysLeft >= 0 && daysLeft <= EXPIRING_WINDOW_DAYS;
      if (status === 'in-stock' && !isExpiring) return [];
      return [
        {
          name: i.productName,
          sku: `package ${i.packageId}`,
          quantity: i.quantity,
          status,
          expiration_date: i.expirationDate,
          is_expiring: isExpiring,
        },
      ];
    })
    .sort((a, b) => byName.compare(a.name, b.name) || a.sku.localeCompare(b.sku));
}

function digestParagraphs(items: Item[]): string[] {
  const out: string[] = [];
  const section = (label: string, rows: Item[], line: (i: Item) => string) => {
    if (rows.length === 0) return;
    const more = rows.length > LISTED ? `; and ${rows.length - LISTED} more` : '';
    out.push(`${label} (${rows.length}): ${rows.slice(0, LISTED).map(line).join('; ')}${more}.`);
  };
  section(
    'Out of stock',
    items.filter((i) => i.status === 'out-of-stock'),
    (i) => `${i.name} (${i.sku})`,
  );
  section(
    'Low stock',
    items.filter((i) => i.status === 'low-stock'),
    (i) => `${i.name} (${i.sku}): ${i.quantity} left`,
  );
  section(
    'Expiring within 30 days',
    items
      .filter((i) => i.is_expiring)
      .sort((a, b) => (a.expiration_date ?? '').localeCompare(b.expiration_date ?? '')),
    (i) => `${i.name} (${i.sku}) on ${i.expiration_date}`,
  );
  return out;
}
