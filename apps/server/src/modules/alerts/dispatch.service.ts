import { mayBeToldOf, normalizeRole } from '@quantics/contracts';
import type { JobKind } from '../../jobs/define-job.ts';
import { type NewAlertMail, queueAlertMail } from '../../jobs/mail-jobs.repo.ts';
import { completeJobs, fetchJobs, queueJobs } from '../../jobs/queue.repo.ts';
import type { AlertDeps } from './alert-deps.ts';
import { eventMail } from './alert-mail.ts';
import * as repo from './dispatch.repo.ts';
import { webhookBody } from './webhook-body.ts';
import { webhookDelivery } from './webhook-delivery.job.ts';

/**
 * Hands the next events on: one webhook message per endpoint that wants the type, and one mail job per person who
 * asked for it by e-mail (and may be told of it). The event-dispatch jobs are fetched (SKIP LOCKED), and the
 * messages with their delivery jobs, the mail jobs, the events' dispatched mark and the jobs' completion are written
 * in that one transaction, so each event is handed on exactly once, whichever instance takes it, and a crash leaves
 * it to hand on. `kind` is event-dispatch (its declaration: event-dispatch.job.ts). Returns how many events were
 * handed on.
 */
export async function dispatchEvents(deps: AlertDeps, kind: JobKind<AlertDeps>): Promise<number> {
  const { handedOn, invalid } = await deps.db.transaction(async (tx) => {
    const jobs = await fetchJobs(deps.boss, kind, kind.batch, tx);
    if (jobs.length === 0) return { handedOn: [], invalid: 0 };
    // Every job's event, those not handed on yet (an event's job is written with it, once; a second look is free).
    const keys = jobs.map((j) => ({ company_id: Number(j.key.company_id), id: j.key.id }));
    const locked = await repo.eventsToDispatch(tx, keys);
    // Each event's payload is checked against its type's (WEBHOOK_EVENT_DATA) before it is told to anyone: one
    // that does not match (it never should: events are written only through the typed events repo) is marked
    // dispatched without being handed on, rather than holding up the queue or sending a malformed body.
    const events = locked.filter((e) => kind.payload.safeParse({ type: e.type, data: e.payload }).success);
    const companyIds = [...new Set(events.map((e) => e.company_id))];
    const [endpoints, recipients] = await Promise.all([
      repo.enabledEndpoints(tx, companyIds),
      repo.emailRecipients(tx, companyIds),
    ]);
    const messages: repo.NewMessage[] = [];
    const mails: NewAlertMail[] = [];
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
    await queueJobs(tx, webhookDelivery, await repo.insertMessages(tx, messages));
    await queueAlertMail(tx, mails);
    await repo.markDispatched(tx, locked);
    await completeJobs(
      tx,
      deps.boss,
      kind,
      jobs.map((j) => j.bossId),
    );
    return { handedOn: events, invalid: locked.length - events.length };
  });
  // Every event is handed on exactly once, by whichever instance claims it: counted here, once committed.
  for (const event of handedOn) deps.metrics?.eventsWritten.inc({ type: event.type });
  if (invalid > 0) deps.metrics?.jobAttempts.inc({ kind: kind.name, result: 'failure' }, invalid);
  return handedOn.length + invalid;
}
