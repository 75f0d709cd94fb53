import type { TProduct } from '@quantics/contracts';
import { lookupProducts } from '../../inventory/inventory-lookups.service.ts';
import { locationTree } from '../../locations/location-tree.ts';
import { placeNodes } from '../../locations/locations.service.ts';
import { findPlace, splitPlace, stripPlace, unitsByRoot, unitsIn } from './places.ts';
import type { TallieContext } from './tallie-context.ts';

/**
 * A product as Tallie reads it: `quantity` is its total; `location` where it is kept when in one place (else its
 * home), and `places` every place with its units when it is kept in several.
 */
export const productBrief = (p: TProduct) => ({
  name: p.name,
  sku: p.sku,
  rfid_tag: p.rfid_tag,
  quantity: p.quantity,
  min_stock_level: p.min_stock_level,
  status: p.status,
  location: p.stock.length === 1 ? (p.stock[0]?.location ?? null) : p.location,
  ...(p.stock.length > 1
    ? { places: p.stock.map((r) => ({ location: r.location ?? 'No location', quantity: r.quantity })) }
    : {}),
});

/** Whether a text may name a place at all (a word that puts something somewhere): else no location is read. */
const mayNamePlace = (text: string) => /\s(in|at|on|inside)\s/i.test(` ${text} `);

/**
 * find_product for a local catalogue: the products a name, SKU or tag matches and, when the question names one of
 * the company's locations ("how many tents in the back room": the recognizer's `place`, or the end of the query),
 * the units each keeps there and in its sub-locations (`units_here`). A place that is no location of the company
 * is said (`place_not_found`) and the product searched without it when the whole text matches nothing.
 */
export async function findProducts(
  ctx: TallieContext,
  query: string,
  place: string | undefined,
  limit: number,
) {
  const nodes = place || mayNamePlace(query) ? await placeNodes(ctx.db, ctx.companyId) : [];
  const split = nodes.length ? splitPlace(nodes, query, place) : null;
  let term = split?.product ?? query;
  let found = await lookupProducts(ctx.inventory, ctx.companyId, term, limit);
  const unknown = !split && place && !findPlace(nodes, place) ? place : null;
  if (unknown && found.total === 0) {
    // "how many tents in the garage", with no garage: the tents, and that there is no such place.
    const head = stripPlace(query, unknown);
    if (head && head !== query) {
      term = head;
      found = await lookupProducts(ctx.inventory, ctx.companyId, term, limit);
    }
  }
  const base = {
    query: term,
    total: found.total,
    ...(found.isMore ? { more_than_total: true } : {}),
    ...(unknown ? { place_not_found: unknown } : {}),
  };
  if (!split) return { ...base, products: found.products.map(productBrief) };
  const here = split.place;
  const tree = locationTree(nodes);
  const paths = here.roots.map((r) => tree.path(r.id));
  return {
    ...base,
    place: {
      name: here.roots[0]?.name ?? here.said,
      locations: paths,
      has_sub_locations: nodes.some((n) => n.parentLocationId !== null && here.ids.has(n.parentLocationId)),
    },
    products: found.products.map((p) => ({
      ...productBrief(p),
      units_here: unitsIn(p.stock, here),
      ...(here.roots.length > 1 ? { units_by_location: unitsByRoot(p.stock, here, tree) } : {}),
    })),
  };
}
