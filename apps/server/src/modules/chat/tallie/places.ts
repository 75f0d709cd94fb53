import type { TStockRow } from '@quantics/contracts';
import { type LocationTree, locationTree } from '../../locations/location-tree.ts';
import type { PlaceNode } from '../../locations/locations.service.ts';
import { productOf } from './nlu/product-entity.ts';

/**
 * The place a stock question names ("how many tents in the back room", "at Store B"), among the company's locations.
 * A name is the company's own free text, so a place is only what one of its locations is called: by its name, its
 * path ("Store B > Back room", said "store b back room") or its name and an ancestor's ("back room in store b"). A
 * chain has a back room in every store: then every location of that name is the place.
 */

/** A place named in a question: the locations it names, and each one's own id with every sub-location's. */
export type NamedPlace = { said: string; roots: PlaceNode[]; ids: Set<number> };

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^(the|our|my|your) /, '');

/** Every way a location may be said: its name, its path, its name with each ancestor's ("back room in store b"). */
function namesOf(node: PlaceNode, tree: LocationTree<PlaceNode>): string[] {
  const up = tree.ancestors(node.id);
  const name = norm(node.name);
  const path = [...up].reverse().map((n) => norm(n.name));
  return [
    name,
    [...path, name].join(' '),
    ...up.flatMap((a) => ['in', 'at', 'of', 'on'].map((w) => `${name} ${w} ${norm(a.name)}`)),
    ...up.map((a) => `${norm(a.name)} ${name}`),
  ];
}

/** The locations that a text names (none: it is not a place of this company). */
export function findPlace(nodes: PlaceNode[], said: string): NamedPlace | null {
  const want = norm(said);
  if (!want) return null;
  const tree = locationTree(nodes);
  const roots = nodes.filter((n) => namesOf(n, tree).includes(want));
  if (roots.length === 0) return null;
  // What is kept on a shelf of the back room is in the back room.
  return { said, roots, ids: tree.below(roots.map((r) => r.id)) };
}

/**
 * The place in a question's text, tried from its longest reading ("the back room in store b") to its shortest
 * ("store b"), after the one the recognizer read, and the product left before it ("how many tents do we have" ->
 * "tents"). Null when no reading is a location of the company: the whole text is then the product ("Cat in the Hat").
 */
export function splitPlace(
  nodes: PlaceNode[],
  query: string,
  place?: string,
): { product: string; place: NamedPlace } | null {
  const words = query.split(/\s+/).filter(Boolean);
  const readings: { product: string; said: string }[] = [];
  if (place) readings.push({ product: query, said: place });
  for (let i = 1; i < words.length - 1; i++)
    if (/^(in|at|on|inside)$/i.test(words[i] as string))
      readings.push({ product: words.slice(0, i).join(' '), said: words.slice(i + 1).join(' ') });
  for (const r of readings) {
    const found = findPlace(nodes, r.said);
    const product = found && stripPlace(r.product, r.said);
    if (found && product) return { product, place: found };
  }
  return null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The product words before a place said at their end ("tents do we have in the back room" -> "tents"). */
export function stripPlace(text: string, said: string): string | null {
  const place = said.split(/\s+/).filter(Boolean).map(escapeRegExp).join('\\W+');
  const tail = new RegExp(`\\s+(in|at|on|inside)(\\s+(the|our|my|your))?\\s+${place}\\W*$`, 'i');
  return productOf(text.replace(tail, ''));
}

/** The units of a product's stock rows kept in these locations. */
const unitsAmong = (stock: TStockRow[], ids: Set<number>) =>
  stock.reduce((sum, r) => sum + (r.location_id !== null && ids.has(r.location_id) ? r.quantity : 0), 0);

/** The units of a product kept in a place (its locations and their sub-locations). */
export const unitsIn = (stock: TStockRow[], place: NamedPlace) => unitsAmong(stock, place.ids);

/** The units in each location a place names, with its path ("Store A > Back room": 2, "Store B > Back room": 3). */
export function unitsByRoot(stock: TStockRow[], place: NamedPlace, tree: LocationTree<PlaceNode>) {
  return place.roots.map((root) => ({
    path: tree.path(root.id),
    units: unitsAmong(stock, tree.below([root.id])),
  }));
}
