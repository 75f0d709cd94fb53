import { z } from 'zod';
import { lookupProducts } from '../../inventory/inventory-lookups.service.ts';
import { whereIsProduct } from '../../zones/zones.service.ts';
import type { TallieContext } from './tallie-context.ts';

/**
 * where_is (issue 52): "where is the Alpine tent?" — the best-matching product's places, with the units the stock
 * records hold there and when its tags were last seen there (by which reader and antenna). A local catalogue only:
 * a point-of-sale company's stock is Dutchie's rooms (find_product answers those).
 */
const ZWhereArgs = z.object({ query: z.string().trim().min(1).max(100) });

export const whereTool = {
  description:
    'Where a product is: its best match by name, SKU or RFID tag, each place holding it (units by the stock records) and where its RFID tags were last seen (place, reader, antenna, time).',
  parameters: {
    type: 'object',
    properties: { query: { type: 'string', description: 'A product name, SKU or RFID tag' } },
    required: ['query'],
    additionalProperties: false,
  },
  minRole: 'member' as const,
  run: async (ctx: TallieContext, args: unknown): Promise<Record<string, unknown>> => {
    const { query } = ZWhereArgs.parse(args);
    if (ctx.inventoryType === 'dutchie')
      return { query, error: 'Use find_product for a point-of-sale company.' };
    const found = await lookupProducts(ctx.inventory, ctx.companyId, query, 1);
    const first = found.products[0];
    const where = first ? await whereIsProduct(ctx.db, ctx.companyId, first.id) : undefined;
    if (!where) return { query, product: null, places: [] };
    return { query, product: where.product, places: where.places, others: Math.max(0, found.total - 1) };
  },
};

type Row = Record<string, unknown>;

/** "Tags last seen: Sales floor 5 minutes ago by Dock door (antenna 1)", for the built-in answer; '' when none. */
export function lastSeenText(r: Row, now = Date.now()): string {
  const seen = ((r.places as Row[] | undefined) ?? []).filter((p) => typeof p.last_seen_at === 'string');
  if (seen.length === 0) return '';
  const lines = seen.slice(0, 3).map((p) => {
    const minutes = Math.max(0, Math.round((now - Date.parse(String(p.last_seen_at))) / 60_000));
    const ago =
      minutes < 1
        ? 'just now'
        : minutes < 60
          ? `${minutes} min ago`
          : minutes < 48 * 60
            ? `${Math.round(minutes / 60)} h ago`
            : `${Math.round(minutes / 1440)} days ago`;
    const by = p.device ? ` by ${p.device}${p.antenna !== null ? ` (antenna ${p.antenna})` : ''}` : '';
    return `- ${p.location}: seen ${ago}${by}`;
  });
  return `\n\n**Tags last seen**\n${lines.join('\n')}`;
}
