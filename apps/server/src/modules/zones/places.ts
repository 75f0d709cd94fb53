import type { Db } from '../../db/client.ts';
import { type PlaceNode, placeNodes } from '../locations/locations.service.ts';

/** The company's places by id, each with its path ('Portland Store > Sales Floor') and its nodes. */
export type Places = { nodes: Map<number, PlaceNode>; path: (id: number | null) => string };

export const NO_LOCATION = 'No location';

export async function loadPlaces(db: Db, companyId: number): Promise<Places> {
  const nodes = new Map((await placeNodes(db, companyId)).map((n) => [n.id, n]));
  const paths = new Map<number, string>();
  const path = (id: number | null): string => {
    if (id === null) return NO_LOCATION;
    const known = paths.get(id);
    if (known !== undefined) return known;
    const names: string[] = [];
    let at = nodes.get(id);
    for (let depth = 0; at && depth < 100; depth++) {
      names.unshift(at.name);
      at = at.parentLocationId === null ? undefined : nodes.get(at.parentLocationId);
    }
    const text = names.length > 0 ? names.join(' > ') : NO_LOCATION;
    paths.set(id, text);
    return text;
  };
  return { nodes, path };
}
