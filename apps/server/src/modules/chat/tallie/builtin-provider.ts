import { CHAT_STARTERS, hasRole, menuFor } from '@quantics/contracts';
import { FALLBACK, TOPICS } from './builtin-topics.ts';
import type { TallieProvider } from './provider.ts';
import { runTool, type TallieContext } from './tools.ts';

type Row = Record<string, unknown>;
type Data = (ctx: TallieContext, question: string) => Promise<string>;

const usd = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const count = (n: number, one: string, many: string) => `**${n}** ${n === 1 ? one : many}`;
const units = (n: number) => `${n} unit${n === 1 ? '' : 's'}`;
const daysLeft = (n: number) => (n === 0 ? 'expires today' : `${n} day${n === 1 ? '' : 's'} left`);
/** A catalogue product by SKU; a Dutchie package by SKU (when it has one) and package id. */
const ident = (p: Row) =>
  p.package_id
    ? [p.sku && `SKU ${p.sku}`, `package ${p.package_id}`].filter(Boolean).join(', ')
    : `SKU ${p.sku}`;
const productLine = (p: Row) =>
  `- **${p.name}** (${ident(p)}): ${units(Number(p.quantity))}${p.location ? ` at ${p.location}` : ''}`;
/** Point-of-sale answers come from the Dutchie snapshot: say so when it is stale. */
const staleNote = (r: Row) => (typeof r.note === 'string' ? `\n\n${r.note}` : '');

const lowStock: Data = async (ctx) => {
  const r = await runTool(ctx, 'low_stock', {});
  const low = r.low_stock as Row[];
  const out = r.out_of_stock as Row[];
  if (low.length === 0 && out.length === 0)
    return 'Good news: **no products are low on stock or out of stock**.';
  const isPos = r.source === 'dutchie';
  const what = isPos ? ['package is', 'packages are'] : ['product is', 'products are'];
  const rule = isPos ? ` (${r.low_stock_threshold} units or fewer)` : '';
  const parts = [
    `## Low stock\n\n${count(Number(r.low_stock_count), what[0] as string, what[1] as string)} low on stock${rule} and ${count(Number(r.out_of_stock_count), 'is', 'are')} out of stock.`,
  ];
  const minimum = (p: Row) => (p.min_stock_level === undefined ? '' : ` (minimum ${p.min_stock_level})`);
  if (out.length) parts.push(`### Out of stock\n${out.map(productLine).join('\n')}`);
  if (low.length) parts.push(`### Low on stock\n${low.map((p) => productLine(p) + minimum(p)).join('\n')}`);
  return `${parts.join('\n\n')}${staleNote(r)}\n\n[Navigate to Inventory →]`;
};

const expiring: Data = async (ctx) => {
  const r = await runTool(ctx, 'expiring_soon', {});
  const items = r.expiring as Row[];
  if (!items.length) return `No products expiring within the next 30 days.${staleNote(r)}`;
  const lines = items.map(
    (p) =>
      `- **${p.name}** (${ident(p)}): ${units(Number(p.quantity))}, expires ${p.expiration_date} (${daysLeft(Number(p.days_left))})`,
  );
  const total = Number(r.expiring_count ?? items.length);
  const more = total > items.length ? `\n\nShowing ${items.length} of ${total}.` : '';
  return `## Expiring soon\n\n${lines.join('\n')}${more}${staleNote(r)}\n\n[Navigate to Dashboard →]`;
};

/** The product words of "where is the blue jar?" / "how many JAR1 do we have". */
export function productQuery(question: string): string {
  return question
    .replace(/[?!.,]/g, ' ')
    .replace(
      /\b(where|is|are|the|my|our|a|an|how|many|much|units?|of|do|does|we|i|have|left|in|stock|find|located|stored|kept|product|sku|tag|rfid|there|what|about|can|you|tell|me|show)\b/gi,
      ' ',
    )
    .replace(/\s+/g, ' ')
    .trim();
}

const findProduct: Data = async (ctx, question) => {
  const query = productQuery(question);
  if (!query) return 'Which product? Give me its **name, SKU or RFID tag**.';
  const r = await runTool(ctx, 'find_product', { query });
  const products = r.products as Row[];
  if (!products.length) return `I found **no product** matching "${query}".\n\n[Navigate to Inventory →]`;
  const total = Number(r.total);
  const of = r.more_than_total ? `more than ${total.toLocaleString('en-US')}` : total.toLocaleString('en-US');
  const more = r.more_than_total || total > products.length ? `\n\nShowing ${products.length} of ${of}.` : '';
  return `## Products matching "${query}"\n\n${products.map(productLine).join('\n')}${more}${staleNote(r)}\n\n[Navigate to Inventory →]`;
};

const audits: Data = async (ctx) => {
  const r = await runTool(ctx, 'recent_audits', {});
  const list = r.audits as Row[];
  if (!list.length) return 'No audits yet. Start one from a registered reader.\n\n[Navigate to Audits →]';
  const s = r.summary as Row;
  const lines = list.map(
    (a, i) =>
      `${i + 1}. **${a.name}** (${a.status}): ${a.tags_found}/${a.tags_expected} found, ${a.discrepancies} discrepancies${a.accuracy === null ? '' : `, ${a.accuracy}% accuracy`}`,
  );
  const avg = s.averageAccuracy === null ? '' : ` Average accuracy: **${s.averageAccuracy}%**.`;
  return `## Latest audits\n\n${s.total} audits in all, ${s.completed} completed.${avg}\n\n${lines.join('\n')}\n\n[Navigate to Audits →]`;
};

const readers: Data = async (ctx) => {
  if (!hasRole(ctx.role, 'operator')) return 'Readers are visible to operators and admins only.';
  const list = (await runTool(ctx, 'reader_status', {})).readers as Row[];
  if (!list.length) return 'No readers are registered yet.\n\n[Navigate to Devices →]';
  const offline = list.filter((d) => d.status === 'offline');
  const lowBattery = list.filter((d) => d.battery_level !== null && Number(d.battery_level) < 20);
  const name = (d: Row) => `- **${d.name}** (${d.serial_number})`;
  const parts = [`## Readers\n\n**${list.length - offline.length}** of ${list.length} online.`];
  parts.push(offline.length ? `### Offline\n${offline.map(name).join('\n')}` : 'No reader is offline.');
  if (lowBattery.length)
    parts.push(`### Low battery\n${lowBattery.map((d) => `${name(d)}: ${d.battery_level}%`).join('\n')}`);
  return `${parts.join('\n\n')}\n\n[Navigate to Devices →]`;
};

const value: Data = async (ctx) => {
  const v = await runTool(ctx, 'inventory_value', {});
  const worth = `Your inventory is worth **${usd(Number(v.totalInventoryCost))}** at cost`;
  const figures =
    v.source === 'dutchie'
      ? `${worth} (**${usd(Number(v.totalRetailValue))}** at retail price): ${v.totalProducts} packages in stock`
      : `${worth}: ${v.totalProducts} products`;
  return `## Inventory value\n\n${figures}, ${v.totalUnits} units, ${v.totalVendors} vendors and ${v.totalCategories} categories.${staleNote(v)}\n\n[Navigate to Dashboard →]`;
};

const INTENTS: [RegExp, Data][] = [
  [
    /\b(low|out of|running out|reorder|restock)\b.*\bstock\b|\blow stock\b|\brunning low\b|\breorder\b/i,
    lowStock,
  ],
  [/\bexpir(e|es|ing|ed|y|ation)\b/i, expiring],
  [
    /\b(readers?|devices?|scanners?|handhelds?)\b.*\b(offline|online|battery|status|charged)\b|\b(offline|battery)\b/i,
    readers,
  ],
  [/\b(last|latest|recent|previous)\b.*\baudits?\b|\baudits?\b.*\b(go|went|result|accuracy)\b/i, audits],
  [/\b(inventory|stock|total)\b.*\b(value|worth|cost)\b|\bworth\b|\bvalue\b/i, value],
  [/\bwhere\b|\bhow many\b|\bfind\b|\blocate\b/i, findProduct],
];

function navigationAnswer(ctx: TallieContext, q: string): string | null {
  if (!/\b(take me|go to|open|navigate|show me the)\b/i.test(q)) return null;
  const page = menuFor(ctx.role, ctx.inventoryType).find((m) =>
    new RegExp(`\\b${m.label.replace(' ', '\\s*')}\\b`, 'i').test(q),
  );
  if (!page) return null;
  return `Sure, here is the **${page.label}** page.\n\n[Navigate to ${page.label} →]`;
}

/** Answers without any network: the six help topics and the company's data through the read-only tools. */
export const builtinProvider: TallieProvider = {
  async answer(ctx, { messages, image }) {
    const q = (messages.at(-1)?.content ?? '').replace(/\s+/g, ' ').trim();
    const note = image
      ? "I can't look at images with the built-in assistant; please describe what you see in words."
      : '';
    if (!q) return note;
    const starter = CHAT_STARTERS.find((s) => s.question.toLowerCase() === q.toLowerCase());
    let answer: string | null = starter ? (TOPICS.find((t) => t.key === starter.key)?.text ?? null) : null;
    answer ??= navigationAnswer(ctx, q);
    if (!answer) {
      const intent = INTENTS.find(([re]) => re.test(q));
      if (intent) answer = await intent[1](ctx, q);
    }
    answer ??= TOPICS.find((t) => t.keywords.test(q))?.text ?? FALLBACK;
    return note ? `${note}\n\n${answer}` : answer;
  },
};
