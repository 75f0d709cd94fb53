import {
  GLN_MESSAGES,
  guessLocationKind,
  LOCATION_DEPTH_MAX,
  LOCATION_MESSAGES,
  locationNameTakenMessage,
  type TLocation,
  type TLocationInput,
  type TLocationKindsInput,
  type TPlaceCounting,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import { personActor, setMovementContext } from '../movements/movement-context.repo.ts';
import * as repo from './locations.repo.ts';

const view = (r: repo.LocationRow): TLocation => ({
  id: r.id,
  name: r.name,
  description: r.description,
  parent_location_id: r.parentLocationId,
  parent_name: r.parentName,
  children_count: r.childrenCount,
  product_count: r.productCount,
  path: r.path,
  kind: r.kind,
  kind_suggestion: r.kind === 'other' && r.kindReviewedAt === null ? guessLocationKind(r.name) : null,
  gln: r.gln,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** For other features: whether a location id is the company's own. */
export const locationExists = repo.locationExists;
export const unknownLocations = repo.unknownLocations;

/** For other features: the company's locations as a bare tree (ids, names, parents), to name a place asked about. */
export const placeNodes = repo.placeNodes;
export type PlaceNode = repo.PlaceNode;

export async function listLocations(db: Db, companyId: number): Promise<TLocation[]> {
  return (await repo.listLocations(db, companyId)).map(view);
}

/** The company's locations by lower-cased path ("store > back room" to its id): a movements CSV's location column. */
export async function locationIdsByPath(db: Db, companyId: number): Promise<ReadonlyMap<string, number>> {
  return new Map((await repo.listLocations(db, companyId)).map((l) => [l.path.toLowerCase(), l.id]));
}

/**
 * GET /api/locations: the company's locations, each with its last count and when its plans next want it, in a
 * fixed number of queries whatever the number of locations.
 */
export async function listLocationsWithCounting(
  db: Db,
  companyId: number,
  countingOf: (db: Db, companyId: number) => Promise<(locationId: number) => TPlaceCounting>,
): Promise<TLocation[]> {
  const rows = await repo.listLocations(db, companyId);
  const counting = await countingOf(db, companyId);
  return rows.map((r) => ({ ...view(r), counting: counting(r.id) }));
}

export async function getLocation(db: Db, companyId: number, id: number): Promise<TLocation> {
  const [row] = await repo.listLocations(db, companyId, id);
  if (!row) throw notFound(LOCATION_MESSAGES.notFound);
  return view(row);
}

/** The parent must be one of the company's locations, and not the location itself or anything below it. */
async function checkParent(db: Db, companyId: number, parentId: number | null, selfId?: number) {
  if (parentId === null) return;
  if (parentId === selfId) throw badRequest(LOCATION_MESSAGES.parentIsSelf);
  const chain = await repo.ancestorIds(db, companyId, parentId);
  if (chain.length === 0) throw badRequest(LOCATION_MESSAGES.parentNotFound);
  if (selfId !== undefined && chain.includes(selfId)) {
    throw badRequest(LOCATION_MESSAGES.parentIsDescendant);
  }
  if (chain.length >= LOCATION_DEPTH_MAX) {
    throw badRequest(LOCATION_MESSAGES.tooDeep(LOCATION_DEPTH_MAX));
  }
}

const values = (input: TLocationInput): repo.LocationValues => ({
  name: input.name,
  description: input.description,
  parentLocationId: input.parent_location_id,
  gln: input.gln,
});

/** A kind named by the person is their choice (reviewed): the page offers no guess for it. */
const kindValues = (input: TLocationInput): repo.LocationKindValues =>
  input.kind === undefined ? {} : { kind: input.kind, kindReviewedAt: new Date() };

/**
 * POST /api/locations/kinds: the kinds an admin confirmed on the Locations page, and the offers dismissed; every id
 * must be the company's own place (else 400, nothing changed).
 */
export async function reviewKinds(
  db: Db,
  actor: AuthContext,
  input: TLocationKindsInput,
): Promise<TLocation[]> {
  const ids = [...input.confirmed.map((c) => c.id), ...input.dismissed];
  if (ids.length === 0) throw badRequest('Name at least one location to confirm or dismiss');
  if ((await repo.unknownLocations(db, actor.companyId, ids)).length > 0) {
    throw badRequest(LOCATION_MESSAGES.notFound);
  }
  await db.transaction(async (tx) => {
    await repo.reviewKinds(tx, actor.companyId, input.confirmed, input.dismissed);
    if (input.confirmed.length > 0) {
      const n = input.confirmed.length;
      await logLocation(
        tx,
        actor,
        'kinds',
        `${userPerformer(actor).name} confirmed the kind of ${n} location${n === 1 ? '' : 's'}`,
      );
    }
  });
  return listLocations(db, actor.companyId);
}

async function saving<T>(input: TLocationInput, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e, 'locations_gln_unique')) throw conflict(GLN_MESSAGES.taken(input.gln ?? ''));
    if (isUniqueViolation(e)) throw conflict(locationNameTakenMessage(input.name));
    // The parent was deleted by someone else between the check and the write.
    if (isForeignKeyViolation(e)) throw badRequest(LOCATION_MESSAGES.parentNotFound);
    throw e;
  }
}

export async function createLocation(db: Db, actor: AuthContext, input: TLocationInput): Promise<TLocation> {
  const id = await saving(input, () =>
    db.transaction(async (tx) => {
      await checkParent(tx, actor.companyId, input.parent_location_id);
      const newId = await repo.insertLocation(tx, actor.companyId, {
        ...values(input),
        ...kindValues(input),
      });
      await logLocation(tx, actor, 'create', `${userPerformer(actor).name} added location ${input.name}`);
      return newId;
    }),
  );
  return getLocation(db, actor.companyId, id);
}

export async function updateLocation(
  db: Db,
  actor: AuthContext,
  id: number,
  input: TLocationInput,
): Promise<TLocation> {
  await saving(input, () =>
    db.transaction(async (tx) => {
      const existing = await repo.findLocationRow(tx, actor.companyId, id);
      if (!existing) throw notFound(LOCATION_MESSAGES.notFound);
      await checkParent(tx, actor.companyId, input.parent_location_id, id);
      await repo.updateLocation(tx, actor.companyId, id, { ...values(input), ...kindValues(input) });
      await logLocation(tx, actor, 'update', `${userPerformer(actor).name} updated location ${input.name}`);
    }),
  );
  return getLocation(db, actor.companyId, id);
}

/**
 * Refused while sub-locations remain (they would lose their place in the tree); products kept there are left
 * with no location, in the same transaction as the delete.
 */
export async function deleteLocation(db: Db, actor: AuthContext, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const existing = await repo.findLocationRow(tx, actor.companyId, id);
      if (!existing) throw notFound(LOCATION_MESSAGES.notFound);
      if ((await repo.countChildren(tx, actor.companyId, id)) > 0) {
        throw conflict(LOCATION_MESSAGES.hasChildren);
      }
      // Its stock moves to "no location": out of the place deleted, into no location, by the person deleting it.
      await setMovementContext(tx, { reason: 'transfer', actor: personActor(actor) });
      const moved = await repo.unsetProductsAt(tx, actor.companyId, id);
      await repo.deleteLocation(tx, actor.companyId, id);
      const note = moved > 0 ? `; ${moved} product${moved === 1 ? '' : 's'} now have no location` : '';
      await logLocation(
        tx,
        actor,
        'delete',
        `${userPerformer(actor).name} deleted location ${existing.name}${note}`,
      );
    });
  } catch (e) {
    // A sub-location added by someone else between the check and the delete: the foreign key refuses it.
    if (isForeignKeyViolation(e)) throw conflict(LOCATION_MESSAGES.hasChildren);
    throw e;
  }
}

function logLocation(db: Db, actor: AuthContext, verb: string, message: string) {
  return recordActivity(db, {
    companyId: actor.companyId,
    performer: userPerformer(actor),
    action: `location.${verb}`,
    type: 'location',
    message,
  });
}
