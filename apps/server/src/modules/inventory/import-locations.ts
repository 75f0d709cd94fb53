import { LOCATION_NAME_MAX, LOCATION_PATH_SEPARATOR } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { createLocation, listLocations } from '../locations/locations.service.ts';

export type ResolvedLocation = { location: string; id: number | null; error: string | null };

const segmentsOf = (text: string) =>
  text
    .split('>')
    .map((s) => s.trim())
    .filter(Boolean);
const keyOf = (segments: string[]) => segments.map((s) => s.toLowerCase()).join(LOCATION_PATH_SEPARATOR);

/**
 * Turns the location texts of a file into location ids. A text is a path ('Main Store > Backroom') or a name;
 * a name shared by several locations is ambiguous; whatever does not exist yet is created (a path creates each
 * missing level). Returns the ids, and the paths of the locations created.
 */
export async function resolveLocations(
  db: Db,
  actor: AuthContext,
  texts: string[],
): Promise<{ resolved: ResolvedLocation[]; created: string[] }> {
  const existing = await listLocations(db, actor.companyId);
  const byPath = new Map(existing.map((l) => [keyOf(segmentsOf(l.path)), l.id]));
  const byName = new Map<string, number[]>();
  for (const l of existing)
    byName.set(l.name.toLowerCase(), [...(byName.get(l.name.toLowerCase()) ?? []), l.id]);
  const created: string[] = [];

  async function ensurePath(segments: string[]): Promise<number> {
    let parentId: number | null = null;
    for (let depth = 1; depth <= segments.length; depth++) {
      const key = keyOf(segments.slice(0, depth));
      let id = byPath.get(key);
      if (id === undefined) {
        const name = segments[depth - 1] ?? '';
        id = (await createLocation(db, actor, { name, description: null, parent_location_id: parentId })).id;
        byPath.set(key, id);
        created.push(segments.slice(0, depth).join(LOCATION_PATH_SEPARATOR));
      }
      parentId = id;
    }
    if (parentId === null) throw new Error('empty location path');
    return parentId;
  }

  const resolved: ResolvedLocation[] = [];
  for (const text of texts) {
    const segments = segmentsOf(text);
    if (segments.length === 0) {
      resolved.push({ location: text, id: null, error: 'location_invalid' });
    } else if (segments.some((s) => s.length > LOCATION_NAME_MAX)) {
      resolved.push({ location: text, id: null, error: 'location_too_long' });
    } else if (byPath.has(keyOf(segments))) {
      resolved.push({ location: text, id: byPath.get(keyOf(segments)) ?? null, error: null });
    } else if (segments.length === 1 && (byName.get(keyOf(segments))?.length ?? 0) > 1) {
      resolved.push({ location: text, id: null, error: 'ambiguous_location' });
    } else if (segments.length === 1 && byName.get(keyOf(segments))?.length === 1) {
      resolved.push({ location: text, id: byName.get(keyOf(segments))?.[0] ?? null, error: null });
    } else {
      resolved.push({ location: text, id: await ensurePath(segments), error: null });
    }
  }
  return { resolved, created };
}
