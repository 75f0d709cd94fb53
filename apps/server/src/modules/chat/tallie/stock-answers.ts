import { formatCount } from '../../../lib/format.ts';
import type { Understanding } from './nlu/recognizer.ts';
import { runTool, type TallieContext } from './tools.ts';
import { lastSeenText } from './where-tool.ts';

/** The built-in answers' lines about products: where their units are, in one place or several. */

type Row = Record<string, unknown>;

export const units = (n: number) => `${formatCount(n)} unit${n === 1 ? '' : 's'}`;
/** A catalogue product by SKU; a Dutchie package by SKU (when it has one) and package id. */
export const ident = (p: Row) =>
  p.package_id
    ? [p.sku && `SKU ${p.sku}`, `package ${p.package_id}`].filter(Boolean).join(', ')
    : `SKU ${p.sku}`;
/** Point-of-sale answers come from the Dutchie snapshot: say so when it is stale. */
export const staleNote = (r: Row) => (typeof r.note === 'string' ? `\n\n${r.note}` : '');

/** How many places a line names before "and N more". */
const PLACES_LISTED = 5;

/** "3 at Floor, 5 at Back room, 2 with no location". */
function placesText(places: Row[]): string {
  const named = places
    .slice(0, PLACES_LISTED)
    .map((r) =>
      r.location === 'No location' ? `${r.quantity} with no location` : `${r.quantity} at ${r.location}`,
    );
  const more = places.length - named.length;
  return more > 0
    ? `${named.join(', ')} and ${more} more ${more === 1 ? 'place' : 'places'}`
    : named.join(', ');
}

/** A product and its units: at its one place, or its total and each place's units. */
export const productLine = (p: Row) => {
  const head = `- **${p.name}** (${ident(p)}): ${units(Number(p.quantity))}`;
  if (Array.isArray(p.places)) return `${head} in all: ${placesText(p.places as Row[])}`;
  return `${head}${p.location ? ` at ${p.location}` : ''}`;
};

/** A product and its units in the place asked about, then its total and where the rest is. */
function lineHere(p: Row, where: string, roots: string[]) {
  const here = Number(p.units_here);
  const split = Array.isArray(p.units_by_location)
    ? ` (${(p.units_by_location as Row[]).map((r) => `${r.units} at ${r.path}`).join(', ')})`
    : '';
  const total = Number(p.quantity);
  const elsewhere = Array.isArray(p.places)
    ? `: ${placesText(p.places as Row[])}`
    : p.location && !roots.includes(String(p.location))
      ? ` at ${p.location}`
      : '';
  const rest = total === here ? '' : `, of ${units(total)} in all${elsewhere}`;
  return `- **${p.name}** (${ident(p)}): **${units(here)}** in ${where}${split}${rest}`;
}

/** "how many X" / "how many X in the back room": the matching products and their units, there or everywhere. */
export async function findProduct(ctx: TallieContext, { entities: { product, place } }: Understanding) {
  if (!product) return 'Which product? Give me its **name, SKU or RFID tag**.';
  const r = await runTool(ctx, 'find_product', { query: product, ...(place ? { place } : {}) });
  const products = r.products as Row[];
  const asked = String(r.query ?? product);
  const unknown = r.place_not_found ? `No location is called "${r.place_not_found}". ` : '';
  if (!products.length)
    return `${unknown}I found **no product** matching "${asked}".\n\n[Navigate to Inventory →]`;
  const total = Number(r.total);
  const of = r.more_than_total ? `more than ${formatCount(total)}` : formatCount(total);
  const more = r.more_than_total || total > products.length ? `\n\nShowing ${products.length} of ${of}.` : '';
  const nav = `${more}${staleNote(r)}\n\n[Navigate to Inventory →]`;
  const at = r.place as { name: string; locations: string[]; has_sub_locations: boolean } | undefined;
  if (!at) {
    const note = unknown ? `${unknown}Here is where it is kept.\n\n` : '';
    // One product: where its tags were last seen too (issue 52), when a reader has seen them.
    const seen =
      products.length === 1 && ctx.inventoryType !== 'dutchie'
        ? lastSeenText(await runTool(ctx, 'where_is', { query: String(products[0]?.sku ?? product) }))
        : '';
    return `${note}## Products matching "${asked}"\n\n${products.map(productLine).join('\n')}${seen}${nav}`;
  }
  const where = at.locations.length === 1 ? (at.locations[0] as string) : at.name;
  const sub = at.has_sub_locations ? '\n\nUnits on its sub-locations are counted in.' : '';
  const lines = products.map((p) => lineHere(p, where, at.locations));
  return `## Products matching "${asked}" in ${where}\n\n${lines.join('\n')}${sub}${nav}`;
}
