import {
  ALERTS_MESSAGES,
  eventText,
  eventTypesFor,
  pagination,
  type TNotificationSettings,
  type TNotificationSettingsResponse,
  type TNotificationsResponse,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { readUnsubscribeToken } from './alert-mail.ts';
import { skipTodayIfPast } from './digest.repo.ts';
import * as repo from './notifications.repo.ts';

const who = (actor: AuthContext) => ({
  userId: actor.userId,
  companyId: actor.companyId,
  types: eventTypesFor(actor.role),
});

/** The bell: the company's events this person's role is told of, newest first, each in words with its page. */
export async function listNotifications(
  db: Db,
  actor: AuthContext,
  query: { page: number; limit: number },
): Promise<TNotificationsResponse> {
  const w = who(actor);
  const [rows, counts] = await Promise.all([
    repo.listNotifications(db, w, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    repo.countNotifications(db, w),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      type: r.type,
      ...eventText(r.type, r.payload),
      read: r.read,
      created_at: r.created_at.toISOString(),
    })),
    unread: counts.unread,
    pagination: pagination(query.page, query.limit, counts.total),
  };
}

/** Marks the listed notifications read, or all of them when none are listed; answers what is still unread. */
export async function markRead(
  db: Db,
  actor: AuthContext,
  ids: number[] | undefined,
): Promise<{ unread: number }> {
  const w = who(actor);
  if (ids === undefined) await repo.markAllRead(db, w);
  else if (ids.length > 0) await repo.markRead(db, w, ids);
  return { unread: (await repo.countNotifications(db, w)).unread };
}

const DEFAULTS: TNotificationSettings = {
  email_events: [],
  accuracy_below: null,
  digest_hour: null,
  time_zone: 'UTC',
};

export async function getSettings(db: Db, actor: AuthContext): Promise<TNotificationSettingsResponse> {
  const row = await repo.findSettings(db, actor.userId, actor.companyId);
  const available = eventTypesFor(actor.role);
  const settings = row
    ? {
        email_events: row.email_events.filter((t) => (available as string[]).includes(t)),
        accuracy_below: row.accuracy_below,
        digest_hour: row.digest_hour,
        time_zone: row.time_zone,
      }
    : DEFAULTS;
  return { ...(settings as TNotificationSettings), available_events: available };
}

export async function saveSettings(
  db: Db,
  actor: AuthContext,
  input: TNotificationSettings,
): Promise<TNotificationSettingsResponse> {
  const available: string[] = eventTypesFor(actor.role);
  if (input.email_events.some((t) => !available.includes(t)))
    throw badRequest(ALERTS_MESSAGES.eventsNotAllowed);
  await repo.saveSettings(db, actor.userId, actor.companyId, {
    ...input,
    email_events: [...new Set(input.email_events)],
  });
  // A digest hour already past today starts tomorrow, rather than sending the moment the form is saved.
  await skipTodayIfPast(db, actor.userId, actor.companyId);
  return getSettings(db, actor);
}

/** One-click unsubscribe from a link or a mail client's POST (RFC 8058); the token is the credential. */
export async function unsubscribe(db: Db, box: SecretBox, token: string): Promise<void> {
  const who = readUnsubscribeToken(box, token);
  if (!who) throw badRequest(ALERTS_MESSAGES.unsubscribeInvalid);
  await repo.unsubscribe(db, who.userId, who.companyId);
}
