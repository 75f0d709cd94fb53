import {
  CHAT_SUGGESTIONS_MAX,
  companyDay,
  hasRole,
  MENU,
  menuFor,
  type TAuditStatus,
} from '@quantics/contracts';
import { formatCount, formatUsd } from '../../../lib/format.ts';
import { BYE, FALLBACK, GREETING, THANKS, TOPICS, unsureText } from './builtin-topics.ts';
import { CORPUS, type IntentName } from './nlu/corpus.ts';
import { daysAhead, isFuture, PERIODS, type PeriodKey, periodText } from './nlu/entities.ts';
import type { Understanding } from './nlu/recognizer.ts';
import type { TallieAnswer, TallieProvider } from './provider.ts';
import { findProduct as findProductAnswer, ident, productLine, staleNote, units } from './stock-answers.ts';
import { runTool, type TallieContext } from './tools.ts';

type Row = Record<string, unknown>;
type Data = (ctx: TallieContext, u: Understanding) => Promise<string | TallieAnswer>;

/** A figure of a tool's answer with its noun: "12,345 units", "1 vendor". */
const counted = (v: unknown, one: string, many: string) =>
  `${formatCount(Number(v))} ${Number(v) === 1 ? one : many}`;
const count = (n: number, one: string, many: string) => `**${formatCount(n)}** ${n === 1 ? one : many}`;
/** How many places or lines an answer lists. */
const LIST = 10;
const daysLeft = (n: number) => (n === 0 ? 'expires today' : `${n} day${n === 1 ? '' : 's'} left`);

const lowStock = async (ctx: TallieContext) => {
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

const withinText = (days: number) => (days === 0 ? 'today' : `within the next ${days} days`);

const expiring: Data = async (ctx, { entities: { period } }) => {
  const days = daysAhead(period, companyDay(ctx.timeZone));
  const r = await runTool(ctx, 'expiring_soon', { days });
  const items = r.expiring as Row[];
  // A past period ("last week") is not a window ahead: the default one is used, and said.
  const asked = period && isFuture(period) ? periodText(period) : period === 'today' ? 'today' : null;
  const note =
    period && !asked && period !== 'this_week' && period !== 'this_month' && period !== 'this_year'
      ? `I look ahead for expiring products: here are the next ${days} days.\n\n`
      : '';
  if (!items.length) {
    // A period asked for ("this month" on its last day may be a day or two) keeps its topic and the way there.
    if (period && note === '')
      return `## Expiring ${periodText(period)}\n\nNo products expiring ${withinText(days)}.${staleNote(r)}\n\n[Navigate to Dashboard →]`;
    return `${note}No products expiring ${withinText(days)}.${staleNote(r)}`;
  }
  const lines = items.map(
    (p) =>
      `- **${p.name}** (${ident(p)}): ${units(Number(p.quantity))}, expires ${p.expiration_date} (${daysLeft(Number(p.days_left))})`,
  );
  const total = Number(r.expiring_count ?? items.length);
  const more = total > items.length ? `\n\nShowing ${items.length} of ${total}.` : '';
  const title = period && note === '' ? `Expiring ${periodText(period)}` : 'Expiring soon';
  const window = period && note === '' ? `Within the next ${days} day${days === 1 ? '' : 's'}:\n\n` : '';
  return `${note}## ${title}\n\n${days === 0 ? '' : window}${lines.join('\n')}${more}${staleNote(r)}\n\n[Navigate to Dashboard →]`;
};

const findProduct: Data = findProductAnswer;

const auditLine = (a: Row, i: number) =>
  `${i + 1}. **${a.name}** (${a.status}): ${a.tags_found}/${a.tags_expected} found, ${a.discrepancies} discrepancies${a.accuracy === null ? '' : `, ${a.accuracy}% accuracy`}`;
const STATUS_WORD: Record<TAuditStatus, string> = {
  completed: 'completed',
  failed: 'failed',
  in_progress: 'in-progress',
  pending: 'pending',
};
const day = (iso: unknown) =>
  new Date(String(iso)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const auditsWord = (n: number) => (n === 1 ? 'audit' : 'audits');

/** "how many audits failed this month": the period's audits by status, and the matching ones listed. */
function auditsOfPeriod(r: Row, period: PeriodKey, status: TAuditStatus | undefined): string {
  const c = r.counts as Record<string, number | null>;
  const last = new Date(new Date(String(r.to)).getTime() - 1);
  const when = `${periodText(period)} (${day(r.from)} – ${day(last)})`;
  const list = (r.audits as Row[]).map(auditLine);
  const word = status ? `${STATUS_WORD[status]} ` : '';
  const title = `## ${status ? `${STATUS_WORD[status][0]?.toUpperCase()}${STATUS_WORD[status].slice(1)} audits` : 'Audits'} ${periodText(period)}`;
  const total = Number(c.total);
  if (!total) return `${title}\n\nNo audits ${when}.\n\n[Navigate to Audits →]`;
  const matching = status ? Number(r.matching) : total;
  const head = status
    ? `**${matching}** ${word}${auditsWord(matching)} ${when}, of ${total} ${auditsWord(total)} in all.`
    : `**${total}** ${auditsWord(total)} ${when}.`;
  const split = (['completed', 'failed', 'in_progress', 'pending'] as const)
    .filter((k) => Number(c[k]) > 0)
    .map((k) => `${c[k]} ${STATUS_WORD[k]}`)
    .join(', ');
  const off = Number(c.completed) > 0 ? ` ${c.withDiscrepancies} of the completed had discrepancies.` : '';
  const avg = c.averageAccuracy === null ? '' : ` Average accuracy: **${c.averageAccuracy}%**.`;
  const more = matching > list.length ? `\n\nShowing the latest ${list.length}.` : '';
  return `${title}\n\n${head} By status: ${split}.${off}${avg}${list.length ? `\n\n${list.join('\n')}` : ''}${more}\n\n[Navigate to Audits →]`;
}

const audits: Data = async (ctx, { entities: { period, status } }) => {
  const past = period && !isFuture(period) ? period : undefined;
  const r = await runTool(ctx, 'recent_audits', {
    ...(past ? { period: past } : {}),
    ...(status ? { status } : {}),
  });
  const note = period && !past ? 'Audits are counted up to today: here are the latest.\n\n' : '';
  if (past) return auditsOfPeriod(r, past, status);
  const list = r.audits as Row[];
  if (status) {
    const n = Number(r.matching);
    const title = `## ${STATUS_WORD[status][0]?.toUpperCase()}${STATUS_WORD[status].slice(1)} audits`;
    if (!n) return `${note}${title}\n\nNo ${STATUS_WORD[status]} audits.\n\n[Navigate to Audits →]`;
    return `${note}${title}\n\n**${n}** ${STATUS_WORD[status]} ${auditsWord(n)} in all; the latest:\n\n${list.map(auditLine).join('\n')}\n\n[Navigate to Audits →]`;
  }
  if (!list.length)
    return `${note}No audits yet. Start one from a registered reader.\n\n[Navigate to Audits →]`;
  const s = r.summary as Row;
  const avg = s.averageAccuracy === null ? '' : ` Average accuracy: **${s.averageAccuracy}%**.`;
  return `${note}## Latest audits\n\n${s.total} audits in all, ${s.completed} completed.${avg}\n\n${list.map(auditLine).join('\n')}\n\n[Navigate to Audits →]`;
};

const DISCREPANCY_HEADINGS: Record<string, string> = {
  shortage: 'Short',
  overage: 'Extra',
  misplaced: 'Misplaced',
  unknown: 'Unknown tags',
};

/** "what did we lose in the last count": the latest completed audit's discrepancies, shortages first. */
const losses: Data = async (ctx) => {
  const r = await runTool(ctx, 'last_audit_discrepancies', {});
  const a = r.audit as Row | null;
  if (!a)
    return 'No audit has been completed yet, so nothing is known to be missing.\n\n[Navigate to Audits →]';
  const where = a.location ? `, ${a.location}` : '';
  const accuracy = a.accuracy === null ? '' : `, ${a.accuracy}% accuracy`;
  const about = `**${a.name}** (${day(a.created_at)}${where})`;
  const rows = r.discrepancies as Row[];
  if (!rows.length)
    return `## Last audit\n\nNothing was missing: ${about} found everything it expected${accuracy}.\n\n[Navigate to Audits →]`;
  const total = Number(r.discrepancies_total);
  const groups = Object.entries(DISCREPANCY_HEADINGS)
    .map(([type, heading]) => {
      const lines = rows
        .filter((d) => d.type === type)
        .map((d) =>
          d.name
            ? `- **${d.name}** (SKU ${d.sku}): expected ${d.expected}, found ${d.found}`
            : `- Tag ${d.rfid_tag ?? d.sku}: found ${d.found}`,
        );
      return lines.length ? `### ${heading}\n${lines.join('\n')}` : '';
    })
    .filter(Boolean);
  const more = total > rows.length ? `\n\nShowing ${rows.length} of ${total}.` : '';
  return `## Missing in the last audit\n\n${about}: **${total}** ${total === 1 ? 'discrepancy' : 'discrepancies'}${accuracy}.\n\n${groups.join('\n\n')}${more}\n\n[Navigate to Audits →]`;
};

const pct = (share: number) => `${Math.round(share * 100)}%`;
/** Where counting is done: a Count screen for operators and admins, the dashboard's coverage for members. */
const countLink = (ctx: TallieContext) =>
  hasRole(ctx.role, 'operator') ? '[Navigate to Count →]' : '[Navigate to Dashboard →]';
const dueLine = (d: Row) => {
  const last = d.last_counted_at ? `last counted ${day(d.last_counted_at)}` : 'never counted';
  const state = d.overdue ? `**overdue** since ${day(d.due_on)}` : `due ${day(d.due_on)}`;
  return `- **${d.name}** (${d.plan}): ${state}, ${last}`;
};
const NO_PLANS =
  'There are no count plans yet, so nothing is scheduled for counting. Operators and admins make them on the **Audits** page, **Plans** tab.\n\n[Navigate to Audits →]';

/** "what needs counting today": the planned places due now, the person's own first, with overdue marked. */
const countsDue: Data = async (ctx) => {
  const r = await runTool(ctx, 'due_counts', {});
  const planned = Number(r.planned_places);
  if (!planned) return NO_PLANS;
  const places = r.source === 'rooms' ? ['room', 'rooms'] : ['location', 'locations'];
  const due = r.due as Row[];
  const coverage = `Coverage: **${pct(Number(r.coverage_locations))}** of ${planned} planned ${planned === 1 ? places[0] : places[1]} counted within their rhythm.`;
  if (!due.length)
    return `## Due for counting today\n\nNothing needs counting today: every planned ${places[0]} was counted within its rhythm. ${coverage}\n\n${countLink(ctx)}`;
  const overdue = Number(r.overdue_count);
  const head = `${count(due.length, `${places[0]} is`, `${places[1]} are`)} due for counting${overdue ? `, ${overdue} of them overdue` : ''}. ${coverage}`;
  const mine = due.filter((d) => d.mine).slice(0, LIST);
  const others = due.filter((d) => !d.mine).slice(0, LIST - mine.length);
  const parts = [`## Due for counting today\n\n${head}`];
  if (mine.length) parts.push(`### Yours\n${mine.map(dueLine).join('\n')}`);
  if (others.length) parts.push(`### ${mine.length ? 'Others' : 'Due'}\n${others.map(dueLine).join('\n')}`);
  const shown = mine.length + others.length;
  const more = due.length > shown ? `\n\nShowing ${shown} of ${due.length}.` : '';
  return `${parts.join('\n\n')}${more}\n\n${countLink(ctx)}`;
};

/** "which locations are overdue": the planned places past their due day and grace days, longest overdue first. */
const countsOverdue: Data = async (ctx) => {
  const r = await runTool(ctx, 'due_counts', {});
  const planned = Number(r.planned_places);
  if (!planned) return NO_PLANS;
  const places = r.source === 'rooms' ? ['room', 'rooms'] : ['location', 'locations'];
  const overdue = (r.due as Row[])
    .filter((d) => d.overdue)
    .sort((a, b) => String(a.due_on).localeCompare(String(b.due_on)));
  const title = `## Overdue ${places[1]}`;
  if (!overdue.length) {
    const due = Number(r.due_count);
    const rest = due ? ` ${count(due, 'is', 'are')} due today, within their grace days.` : '';
    return `${title}\n\nNo ${places[0]} is overdue for counting.${rest}\n\n${countLink(ctx)}`;
  }
  const list = overdue.slice(0, LIST);
  const more = overdue.length > list.length ? `\n\nShowing ${list.length} of ${overdue.length}.` : '';
  return `${title}\n\n${count(overdue.length, `${places[0]} is`, `${places[1]} are`)} overdue for counting, of ${planned} planned.\n\n${list.map(dueLine).join('\n')}${more}\n\n${countLink(ctx)}`;
};

const unitsUsd = (u: unknown, v: unknown) => `${units(Number(u))} (${formatUsd(Number(v))})`;
/** "last month (Oct 1 – Oct 31)", or the report's default window. */
const shrinkWhen = (r: Row) =>
  `${r.period ? periodText(r.period as PeriodKey) : 'in the last 30 days'} (${day(r.from)} – ${day(r.to)})`;

/** "what did we lose last month" / "why": the approved adjustments of the period, by reason code (#35's report). */
const shrink =
  (why: boolean): Data =>
  async (ctx, { entities: { period } }) => {
    const past = period && !isFuture(period) ? period : undefined;
    const r = await runTool(ctx, 'shrink_report', past ? { period: past } : {});
    const note = period && !past ? 'Losses are counted up to today: here are the last 30 days.\n\n' : '';
    const t = r.totals as Row;
    const reasons = (r.by_reason as Row[]).filter((x) => Number(x.units_lost) > 0);
    const when = shrinkWhen(r);
    const title = why ? `## Why stock was lost ${when.split(' (')[0]}` : `## Lost ${when.split(' (')[0]}`;
    if (!Number(t.lines))
      return `${note}${title}\n\nNothing was lost ${when}: no count adjustments were approved and applied.\n\n[Navigate to Reports →]`;
    const lost = Number(t.units_lost);
    const found = Number(t.units_found) ? ` Found: ${unitsUsd(t.units_found, t.value_found)}.` : '';
    const head = `**${units(lost)}** lost ${when}, **${formatUsd(Number(t.value_lost))}** at cost, over ${formatCount(Number(t.lines))} adjusted ${Number(t.lines) === 1 ? 'line' : 'lines'}.${found}`;
    const lines = reasons.map(
      (x) =>
        `- **${x.reason}**: ${unitsUsd(x.units_lost, x.value_lost)}${lost ? `, ${pct(Number(x.units_lost) / lost)} of the units` : ''}`,
    );
    const top = reasons[0];
    const lead =
      why && top
        ? `Most of it was **${top.reason}**: ${unitsUsd(top.units_lost, top.value_lost)} of ${unitsUsd(lost, t.value_lost)}.\n\n`
        : why
          ? ''
          : `${head}\n\n`;
    const byReason = lines.length
      ? `### By reason code\n${lines.join('\n')}`
      : 'Nothing was lost: the adjustments only found stock.';
    const tail = why ? `\n\n${head}` : '';
    return `${note}${title}\n\n${lead}${byReason}${tail}\n\n[Navigate to Reports →]`;
  };

/** A bare "why?" after a shrink answer asks the reasons for that answer's period. */
function whyFollowUp(messages: { role: string; content: string }[], question: string): Understanding | null {
  if (!/^(but )?(why|how come)( is that| so)?\??$/i.test(question)) return null;
  const before = messages.slice(0, -1);
  const lastOf = (role: string) => [...before].reverse().find((m) => m.role === role)?.content ?? '';
  const lastAnswer = lastOf('assistant');
  if (!/^## (Lost|Why stock was lost) /.test(lastAnswer)) return null;
  const asked = lastOf('user').toLowerCase();
  const period = (Object.keys(PERIODS) as PeriodKey[]).find((k) =>
    PERIODS[k].some((text) => asked.includes(text)),
  );
  return {
    intent: 'shrink.why',
    score: 1,
    confident: true,
    entities: period ? { period } : {},
    closest: [{ intent: 'shrink.why', score: 1 }],
  };
}

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
  const worth = `Your inventory is worth **${formatUsd(Number(v.totalInventoryCost))}** at cost`;
  const figures =
    v.source === 'dutchie'
      ? `${worth} (**${formatUsd(Number(v.totalRetailValue))}** at retail price): ${counted(v.totalProducts, 'package', 'packages')} in stock`
      : `${worth}: ${counted(v.totalProducts, 'product', 'products')}`;
  return `## Inventory value\n\n${figures}, ${counted(v.totalUnits, 'unit', 'units')}, ${counted(v.totalVendors, 'vendor', 'vendors')} and ${counted(v.totalCategories, 'category', 'categories')}.${staleNote(v)}\n\n[Navigate to Dashboard →]`;
};

const navigation: Data = async (ctx, { entities: { page } }) => {
  const menu = menuFor(ctx.role, ctx.inventoryType);
  const open = menu.find((m) => m.key === page);
  if (open) return `Sure, here is the **${open.label}** page.\n\n[Navigate to ${open.label} →]`;
  const label = MENU.find((m) => m.key === page)?.label;
  if (label) return `The **${label}** page is not in your menu.`;
  return `Which page? I can open ${menu.map((m) => `**${m.label}**`).join(', ')}.`;
};

const topic =
  (key: string): Data =>
  async () =>
    TOPICS.find((t) => t.key === key)?.text ?? FALLBACK;

/** The questions whose answers the caller's role may see, by intent. */
function questionsFor(ctx: TallieContext, intents: IntentName[]): string[] {
  const out: string[] = [];
  for (const name of intents) {
    if (name === 'readers.status' && !hasRole(ctx.role, 'operator')) continue;
    const q = CORPUS.find((i) => i.name === name)?.question;
    if (q && !out.includes(q)) out.push(q);
  }
  return out;
}

/** Offered when nothing is close: the data questions most asked, and where to begin. */
const STARTING_POINTS: IntentName[] = ['stock.low', 'audits.recent', 'help.getting_started'];

function suggestionsFor(ctx: TallieContext, closest: IntentName[]): string[] {
  const near = questionsFor(ctx, closest);
  const fill = near.length >= 2 ? [] : questionsFor(ctx, STARTING_POINTS);
  return [...new Set([...near, ...fill])].slice(0, CHAT_SUGGESTIONS_MAX);
}

const greeting: Data = async (ctx) => ({ text: GREETING, suggestions: suggestionsFor(ctx, STARTING_POINTS) });

const ANSWERS: Record<IntentName, Data> = {
  'stock.low': lowStock,
  'stock.expiring': expiring,
  'stock.find': findProduct,
  'stock.value': value,
  'audits.recent': audits,
  'audits.losses': losses,
  'counts.due': countsDue,
  'counts.overdue': countsOverdue,
  'shrink.losses': shrink(false),
  'shrink.why': shrink(true),
  'readers.status': readers,
  'help.device_setup': topic('device-setup'),
  'help.getting_started': topic('getting-started'),
  'help.audits': topic('about-audits'),
  'help.print_labels': topic('print-labels'),
  'help.export': topic('export-data'),
  'help.support': topic('get-support'),
  'nav.page': navigation,
  'chat.greeting': greeting,
  'chat.thanks': async () => THANKS,
  'chat.bye': async () => BYE,
  'chat.capabilities': async () => FALLBACK,
};

/** Not sure what was asked: say what it sounded like, offer the closest questions; never guess at the data. */
function unsure(ctx: TallieContext, u: Understanding, question: string): TallieAnswer {
  const near = u.closest.filter((c) => CORPUS.find((i) => i.name === c.intent)?.question);
  const suggestions = suggestionsFor(
    ctx,
    near.map((c) => c.intent),
  );
  const topics = near
    .filter((c) => questionsFor(ctx, [c.intent]).length)
    .slice(0, 2)
    .map((c) => CORPUS.find((i) => i.name === c.intent)?.topic as string);
  return { text: unsureText(question, topics), suggestions };
}

/** Answers without any network: what the recognizer understood, from the company's data and the help topics. */
export const builtinProvider: TallieProvider = {
  async answer(ctx, { messages, image, understanding: understood }) {
    const q = (messages.at(-1)?.content ?? '').replace(/\s+/g, ' ').trim();
    const note = image
      ? "I can't look at images with the built-in assistant; please describe what you see in words."
      : '';
    if (!q) return { text: note };
    const u = whyFollowUp(messages, q) ?? understood;
    const got = u.confident && u.intent !== 'None' ? await ANSWERS[u.intent](ctx, u) : unsure(ctx, u, q);
    const answer = typeof got === 'string' ? { text: got } : got;
    return note ? { ...answer, text: `${note}\n\n${answer.text}` } : answer;
  },
};
