import { DUTCHIE_MESSAGES, type TDutchieConnection } from '@quantics/contracts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import * as repo from './dutchie-cache.repo.ts';
import { describe } from './dutchie-cache.ts';
import { DutchieError, type DutchieWhoami } from './dutchie-client.ts';
import { companyClient, type DutchieContext, requireDutchieCompany } from './dutchie-context.ts';

const HOUR_MS = 3_600_000;
const whoamiKey = (companyId: number) => ({ companyId, kind: 'whoami', params: '' });

/** GET /api/settings/dutchie: the store the key reaches, the last inventory sync and how it went. */
export async function connection(ctx: DutchieContext, auth: AuthContext): Promise<TDutchieConnection> {
  const companyId = requireDutchieCompany(auth);
  const hasKey = (await repo.sealedKey(ctx.db, companyId)) !== null;
  let whoami: DutchieWhoami | null = null;
  if (hasKey) {
    try {
      const result = await ctx.cache.get<DutchieWhoami, DutchieWhoami>(whoamiKey(companyId), {
        maxAgeMs: HOUR_MS,
        fetch: async () => (await companyClient(ctx, companyId)).whoami(),
        prepare: (stored) => stored,
      });
      whoami = result.value;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
    }
  }
  const inventory = await repo.status(ctx.db, { companyId, kind: 'inventory', params: '' });
  const who = await repo.status(ctx.db, whoamiKey(companyId));
  // Before the first inventory sync, a refused key shows up on the whoami check.
  const sync = describe(
    inventory?.attemptedAt ? inventory : who,
    ctx.config.refreshSeconds * 1000,
    Date.now(),
  );
  sync.location_name = whoami?.locationName ?? null;
  return {
    has_key: hasKey,
    location_id: whoami?.locationId ?? null,
    location_name: whoami?.locationName ?? null,
    last_sync: inventory?.fetchedAt?.toISOString() ?? null,
    sync,
  };
}

/**
 * PUT /api/settings/dutchie: an admin replaces the key. Dutchie checks it first (/whoami); a refused key is not
 * stored. When Dutchie cannot be reached the key is stored unchecked, and the next sync tells.
 */
export async function replaceKey(ctx: DutchieContext, auth: AuthContext, apiKey: string) {
  const companyId = requireDutchieCompany(auth);
  let whoami: DutchieWhoami | null = null;
  try {
    whoami = await ctx.connect(apiKey).whoami();
  } catch (e) {
    if (!(e instanceof DutchieError)) throw e;
    if (e.kind === 'key_refused' || e.kind === 'forbidden') {
      throw badRequest(DUTCHIE_MESSAGES.keyRejectedOnSave);
    }
  }
  await ctx.db.transaction(async (tx) => {
    await repo.storeKey(tx, companyId, ctx.box.seal(apiKey));
    await repo.clearCompany(tx, companyId);
    await recordActivity(tx, {
      companyId,
      performer: userPerformer(auth),
      action: 'company.dutchie_key',
      type: 'company',
      message: `${userPerformer(auth).name} replaced the Dutchie API key${whoami?.locationName ? ` (${whoami.locationName})` : ''}`,
    });
  });
  ctx.cache.forgetCompany(companyId);
  if (whoami) {
    const k = whoamiKey(companyId);
    await repo.takeLease(ctx.db, k, 1000);
    await repo.saveSuccess(ctx.db, k, whoami, new Date());
  }
  return {
    message: whoami ? DUTCHIE_MESSAGES.keySaved : DUTCHIE_MESSAGES.keySavedUnchecked,
    verified: whoami !== null,
    connection: await connection(ctx, auth),
  };
}

/** At registration: false only when Dutchie answers and refuses the key; an unreachable Dutchie is no verdict. */
export async function isKeyRefused(ctx: DutchieContext, apiKey: string): Promise<boolean> {
  try {
    await ctx.connect(apiKey).whoami();
    return false;
  } catch (e) {
    return e instanceof DutchieError && (e.kind === 'key_refused' || e.kind === 'forbidden');
  }
}
