import type { Db } from '../../db/client.ts';
import { locationTree } from '../locations/location-tree.ts';
import { type PlaceNode, placeNodes } from '../locations/locations.service.ts';

/** The company's places by id, each with its path ('Portland Store > Sales Floor') and its nodes. */
export type Places = { nodes: Map<number, PlaceNode>; path: (id: number | null) => string };

export const NO_LOCATION = 'No location';

export async function loadPlaces(db: Db, companyId: number): Promise<Places> {
  const list = await placeNodes(db, companyId);
  const tree = locationTree(list);
  const paths = new Map<number, string>();
  const path = (id: number | null): string => {
    if (id === null) return NO_LOCATION;
    let text = paths.get(id);
    if (text === undefined) {
      text = tree.path(id) || NO_LOCATION;
      paths.set(id, text);
    }
    return text;
  };
  return { nodes: new Map(list.map((n) => [n.id, n])), path };
}
