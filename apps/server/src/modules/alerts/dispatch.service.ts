import { mayBeToldOf, normalizeRole } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { eventMail } from './alert-mail.ts';
import * as repo from './dispatch.repo.ts';
import { webhookBody } from './webhook-body.ts';

export type AlertDeps = { db: Db; box: SecretBox; publicUrl: string; metrics?: Metrics };

/**
 * Hands the next events on: one webhook message per endpoint that wants the type, and one mail job per person who
 * asked for it by e-mail (and may be told of it). The messages, the mail jobs and the events' dispatched mark are
 * written in one transaction, so each event is handed on exactly once, whichever instance takes it. Returns how
 * many events were handed on.
 */
export async function dispatchEvents(deps: AlertDeps, limit = 200): Promise<number> {
  const handedOn = await deps.db.transaction(async (tx) => {
    const events = await repo.claimEvents(tx, limit);
    if (events.length === 0) return [];
    const companyIds = [...new Set(events.map((e) => e.company_id))];
    const [endpoints, recipients] = await Promise.all([
      repo.enabledEndpoints(tx, companyIds),
      repo.emailRecipients(tx, companyIds),
    ]);
    const messages: repo.NewMessage[] = [];
    const mails: repo.NewMail[] = [];
    for (const event of events) {
      for (const endpoint of endpoints) {
        if (endpoint.company_id !== event.company_id || !endpoint.events.includes(event.type)) continue;
        messages.push({
          endpoint_id: endpoint.id,
          company_id: event.company_id,
          event_id: event.id,
          msg_id: `msg_evt_${event.id}`,
          type: event.type,
          body: webhookBody(endpoint.url, deps.publicUrl, event),
        });
      }
      for (const person of recipients) {
        if (person.company_id !== event.company_id || !person.email_events.includes(event.type)) continue;
        if (!mayBeToldOf(normalizeRole(person.role), event.type)) continue;
        if (event.type === 'audit.completed' && person.accuracy_below !== null) {
          if (Number(event.payload.accuracy ?? 100) >= person.accuracy_below) continue;
        }
        const message = eventMail(
          { ...deps, userId: person.user_id, companyId: person.company_id, to: person.email },
          event.type,
          event.payload,
        );
        mails.push({
          company_id: event.company_id,
          to_email: person.email,
          message: JSON.stringify(message),
        });
      }
    }
    await repo.insertMessages(tx, messages);
    await repo.insertMailJobs(tx, mails);
    await repo.markDispatched(tx, events);
    return events;
  });
  // Every event is handed on exactly once, by whichever instance claims it: counted here, once committed.
  for (const event of handedOn) deps.metrics?.eventsWritten.inc({ type: event.type });
  return handedOn.length;
}
