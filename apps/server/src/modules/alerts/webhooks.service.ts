import { randomBytes } from 'node:crypto';
import {
  ALERTS_MESSAGES,
  pagination,
  type TCreatedWebhook,
  type TCreateWebhookRequest,
  type TUpdateWebhookRequest,
  type TWebhook,
  type TWebhookDeliveriesResponse,
  WEBHOOK_ENDPOINTS_MAX,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { queueJobs } from '../../jobs/queue.repo.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import { releaseHeld } from './delivery.repo.ts';
import { isSlackUrl } from './webhook-body.ts';
import { webhookDelivery } from './webhook-delivery.job.ts';
import { checkWebhookUrl } from './webhook-sender.ts';
import * as repo from './webhooks.repo.ts';

export type WebhookDeps = { db: Db; box: SecretBox; allowPrivate: boolean; publicUrl: string };

function view(row: repo.EndpointRow): TWebhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.isEnabled,
    disabled_reason: row.disabledReason,
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Refuses a URL whose host is unknown or resolves to a private, loopback or link-local address (SSRF). */
async function assertDeliverable(url: string, allowPrivate: boolean) {
  const check = await checkWebhookUrl(url, allowPrivate);
  if (check === 'private') throw badRequest(ALERTS_MESSAGES.webhookUrlPrivate);
  if (check === 'unresolvable') throw badRequest(ALERTS_MESSAGES.webhookUrlUnresolvable);
}

async function found(db: Db, companyId: number, id: number) {
  const row = await repo.findEndpoint(db, companyId, id);
  if (!row) throw notFound(ALERTS_MESSAGES.webhookNotFound);
  return row;
}

export async function listWebhooks(db: Db, companyId: number): Promise<{ data: TWebhook[] }> {
  return { data: (await repo.listEndpoints(db, companyId)).map(view) };
}

export async function createWebhook(
  deps: WebhookDeps,
  actor: AuthContext,
  input: Required<TCreateWebhookRequest>,
): Promise<TCreatedWebhook> {
  await assertDeliverable(input.url, deps.allowPrivate);
  if ((await repo.countEndpoints(deps.db, actor.companyId)) >= WEBHOOK_ENDPOINTS_MAX) {
    throw conflict(ALERTS_MESSAGES.tooManyWebhooks);
  }
  // Standard Webhooks' secret form: whsec_ and 24 random bytes in base64.
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await repo.insertEndpoint(tx, {
      companyId: actor.companyId,
      url: input.url,
      events: [...new Set(input.events)],
      isEnabled: input.enabled,
      secretEnc: deps.box.seal(secret),
    });
    await log(tx, actor, 'webhook.create', `added a webhook to ${hostOf(input.url)}`, inserted.id);
    return inserted;
  });
  return { ...view(row), secret };
}

export async function updateWebhook(
  deps: WebhookDeps,
  actor: AuthContext,
  id: number,
  input: TUpdateWebhookRequest,
): Promise<TWebhook> {
  const current = await found(deps.db, actor.companyId, id);
  if (input.url !== undefined && input.url !== current.url)
    await assertDeliverable(input.url, deps.allowPrivate);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await repo.updateEndpoint(tx, actor.companyId, id, {
      url: input.url,
      events: input.events ? [...new Set(input.events)] : undefined,
      isEnabled: input.enabled,
    });
    if (!updated) throw notFound(ALERTS_MESSAGES.webhookNotFound);
    // Switched on (again): the messages that waited while it was off are due now. After the endpoint's row was
    // updated, so a delivery holding one meanwhile has either committed (and is released here) or sees it on.
    if (updated.isEnabled) await queueJobs(tx, webhookDelivery, await releaseHeld(tx, actor.companyId, id));
    await log(tx, actor, 'webhook.update', `updated the webhook to ${hostOf(updated.url)}`, id);
    return updated;
  });
  return view(row);
}

export async function deleteWebhook(db: Db, actor: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await found(tx, actor.companyId, id);
    await repo.deleteEndpoint(tx, actor.companyId, id);
    await log(tx, actor, 'webhook.delete', `removed the webhook to ${hostOf(current.url)}`, id);
  });
}

/** Queues a test event for this endpoint alone; the worker delivers it like any other (it shows in the log). */
export async function sendTest(
  deps: WebhookDeps,
  actor: AuthContext,
  id: number,
): Promise<{ message_id: string }> {
  const endpoint = await found(deps.db, actor.companyId, id);
  if (!endpoint.isEnabled) throw conflict(ALERTS_MESSAGES.webhookOffForTest);
  const msgId = `msg_test_${randomBytes(12).toString('hex')}`;
  const body = isSlackUrl(endpoint.url)
    ? {
        text: `*Test event from Quantics*\nThis endpoint receives your company’s events. <${deps.publicUrl}|Open Quantics>`,
      }
    : {
        type: 'webhook.test',
        timestamp: new Date().toISOString(),
        data: { company_id: actor.companyId, webhook_id: id, message: 'A test event from Quantics' },
      };
  await deps.db.transaction(async (tx) => {
    const message = await repo.insertTestMessage(tx, {
      endpointId: id,
      companyId: actor.companyId,
      msgId,
      body: JSON.stringify(body),
    });
    await queueJobs(tx, webhookDelivery, [message]);
  });
  return { message_id: msgId };
}

export async function listDeliveries(
  db: Db,
  companyId: number,
  id: number,
  query: { page: number; limit: number },
): Promise<TWebhookDeliveriesResponse> {
  await found(db, companyId, id);
  const { rows, total } = await repo.listAttempts(db, companyId, id, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    data: rows.map((r) => ({
      id: r.id,
      message_id: r.msgId,
      type: r.type,
      attempted_at: r.attemptedAt.toISOString(),
      status: r.isSuccess ? ('success' as const) : ('failure' as const),
      response_code: r.responseCode,
      duration_ms: r.durationMs,
      error: r.error,
      body: r.body,
    })),
    pagination: pagination(query.page, query.limit, total),
  };
}

const hostOf = (url: string) => new URL(url).host;

function log(db: Db, actor: AuthContext, action: string, what: string, webhookId: number) {
  const performer = userPerformer(actor);
  return recordActivity(db, {
    companyId: actor.companyId,
    performer,
    action,
    type: 'company',
    message: `${performer.name} ${what}`,
    metadata: { webhookId },
  });
}
