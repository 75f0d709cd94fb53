import {
  API_MESSAGES,
  REVIEW_MESSAGES,
  type TCountPolicy,
  type TReasonCode,
  type TUpdateReasonCodeRequest,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import * as repo from './reason-codes.repo.ts';

/** The company in the path must be the caller's: another company is not found, never forbidden. */
function ownCompany(actor: AuthContext, companyId: number) {
  if (companyId !== actor.companyId) throw notFound(API_MESSAGES.notFound);
}

export async function getCountPolicy(db: Db, actor: AuthContext, companyId: number): Promise<TCountPolicy> {
  ownCompany(actor, companyId);
  const row = await repo.getPolicy(db, companyId);
  return {
    approval_units: row?.units ?? null,
    approval_value: row?.value === null || row?.value === undefined ? null : Number(row.value),
  };
}

export async function putCountPolicy(
  db: Db,
  actor: AuthContext,
  companyId: number,
  policy: TCountPolicy,
): Promise<TCountPolicy> {
  ownCompany(actor, companyId);
  await db.transaction(async (tx) => {
    await repo.savePolicy(tx, companyId, policy.approval_units, policy.approval_value);
    const who = userPerformer(actor);
    const parts = [
      policy.approval_units !== null && `over ${policy.approval_units} units`,
      policy.approval_value !== null && `over ${policy.approval_value.toFixed(2)} at cost`,
    ].filter(Boolean);
    await recordActivity(tx, {
      companyId,
      performer: who,
      action: 'company.count_policy',
      type: 'company',
      message: parts.length
        ? `${who.name} set counts to need approval for lines ${parts.join(' or ')}`
        : `${who.name} turned count approval off`,
      metadata: { ...policy },
    });
  });
  return getCountPolicy(db, actor, companyId);
}

const codeView = (r: repo.ReasonCodeRow): TReasonCode => ({
  id: r.id,
  code: r.code,
  label: r.label,
  retired: r.retiredAt !== null,
  in_use: r.inUse,
});

/**
 * A new company's default list, in the transaction that creates the company (sign-up, a new company), so reading
 * the list never writes; companies made before the list existed got it from the migration (0025_count_reviews).
 */
export async function addDefaultReasonCodes(tx: Db, companyId: number): Promise<void> {
  await repo.ensureDefaultCodes(tx, companyId);
}

export async function listReasonCodes(db: Db, companyId: number): Promise<TReasonCode[]> {
  return (await repo.listCodes(db, companyId)).map(codeView);
}

async function codeOrNotFound(db: Db, companyId: number, id: number): Promise<TReasonCode> {
  const row = await repo.findCode(db, companyId, id);
  if (!row) throw notFound(REVIEW_MESSAGES.reasonCodeNotFound);
  return codeView(row);
}

export async function createReasonCode(
  db: Db,
  actor: AuthContext,
  input: { code: string; label: string },
): Promise<TReasonCode> {
  const id = await repo.insertCode(db, actor.companyId, input.code, input.label);
  if (id === undefined) throw conflict(REVIEW_MESSAGES.reasonCodeTaken);
  return codeOrNotFound(db, actor.companyId, id);
}

export async function updateReasonCode(
  db: Db,
  actor: AuthContext,
  id: number,
  change: TUpdateReasonCodeRequest,
): Promise<TReasonCode> {
  if (!(await repo.updateCode(db, actor.companyId, id, change))) {
    throw notFound(REVIEW_MESSAGES.reasonCodeNotFound);
  }
  return codeOrNotFound(db, actor.companyId, id);
}

/** A code no line uses is deleted; one in use is only retired (409). */
export async function deleteReasonCode(db: Db, actor: AuthContext, id: number): Promise<void> {
  await codeOrNotFound(db, actor.companyId, id);
  if (!(await repo.deleteUnusedCode(db, actor.companyId, id)))
    throw conflict(REVIEW_MESSAGES.reasonCodeInUse);
}

/** A code of the company by its text (any case), for a decision; undefined when it has none such. */
export async function findReasonCode(db: Db, companyId: number, code: string) {
  return repo.findCodeByText(db, companyId, code);
}
