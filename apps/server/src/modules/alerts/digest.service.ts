import { EXPIRING_WINDOW_DAYS, type TDutchieItem } from '@quantics/contracts';
import { queueAlertMail } from '../../jobs/mail-jobs.repo.ts';
import { packageStockState } from '../dutchie/dutchie-stock-events.ts';
import { withUnsubscribe } from './alert-mail.ts';
import { claimDueDigests, type DigestItem, dutchieSnapshot, productDigestItems } from './digest.repo.ts';
import type { AlertDeps } from './dispatch.service.ts';

/** How many lines of each kind a digest lists (it says how many more there are). */
const LISTED = 20;

/**
 * The daily digests that are due: each person whose chosen hour has come in their time zone and who has not had
 * today's. Marking the day and queueing the e-mail happen in one transaction (SKIP LOCKED between instances), so a
 * digest goes once a day at most; a day with nothing low, out or expiring sends nothing.
 */
export async function sendDueDigests(deps: AlertDeps): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const due = await claimDueDigests(tx);
    let queued = 0;
    for (const person of due) {
      const pos = await dutchieSnapshot(tx, person.company_id);
      const items = pos
        ? dutchieDigestItems(pos.items, person.local_day)
        : await productDigestItems(tx, person.company_id);
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
      await queueAlertMail(tx, [
        { company_id: person.company_id, to_email: person.email, message: JSON.stringify(message) },
      ]);
      queued++;
    }
    return queued;
  });
}

const DAY_MS = 86_400_000;
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The snapshot's packages that are low, out, or in stock and expiring within 30 days of the person's `day`. */
export function dutchieDigestItems(items: TDutchieItem[], day: string): DigestItem[] {
  const today = new Date(`${day}T00:00:00Z`).getTime();
  return items
    .flatMap((i): DigestItem[] => {
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
