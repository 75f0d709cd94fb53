import { daysBetween, EXPIRING_WINDOW_DAYS, type TDutchieItem } from '@quantics/contracts';
import { queueAlertMail } from '../../jobs/mail-jobs.repo.ts';
import { packageStockState } from '../dutchie/dutchie-stock-events.ts';
import type { AlertDeps } from './alert-deps.ts';
import { withUnsubscribe } from './alert-mail.ts';
import {
  claimDigest,
  type DigestItem,
  dueDigests,
  dutchieSnapshot,
  productDigestItems,
} from './digest.repo.ts';

/** How many lines of each kind a digest lists (it says how many more there are). */
const LISTED = 20;

/** Up to `limit` people whose digest is due (the digests sweep's units). */
export const dueDigestPeople = dueDigests;

/**
 * One person's daily digest, if it is still due (their chosen hour has come in their time zone and today's has not
 * gone): marking the day and queueing the e-mail happen in one transaction (SKIP LOCKED between instances), so a
 * digest goes once a day at most; a day with nothing low, out or expiring sends nothing. True when one was queued.
 */
export async function sendDigest(
  deps: AlertDeps,
  who: { user_id: number; company_id: number },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const person = await claimDigest(tx, who);
    if (!person) return false;
    const pos = await dutchieSnapshot(tx, person.company_id);
    const items = pos
      ? dutchieDigestItems(pos.items, person.company_day)
      : await productDigestItems(tx, person.company_id);
    const paragraphs = digestParagraphs(items);
    if (paragraphs.length === 0) return false;
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
    await queueAlertMail(tx, [
      { company_id: person.company_id, to_email: person.email, message: JSON.stringify(message) },
    ]);
    return true;
  });
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The snapshot's packages that are low, out, or in stock and expiring within 30 days of the company's `today`. */
export function dutchieDigestItems(items: TDutchieItem[], today: string): DigestItem[] {
  return items
    .flatMap((i): DigestItem[] => {
      const status = packageStockState(i.quantity);
      const daysLeft = i.expirationDate ? daysBetween(today, i.expirationDate.slice(0, 10)) : null;
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

function digestParagraphs(items: DigestItem[]): string[] {
  const out: string[] = [];
  const section = (label: string, rows: DigestItem[], line: (i: DigestItem) => string) => {
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
    (i) => `${i.name} (${i.sku}): ${i.quantity} left${i.places ? ` (${i.places})` : ''}`,
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
