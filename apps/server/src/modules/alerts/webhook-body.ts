import { eventText, type TWebhookBody } from '@quantics/contracts';

/** Slack's incoming webhooks want { text }; they get the event in words, with a link to the portal. */
export function isSlackUrl(url: string): boolean {
  try {
    return new URL(url).hostname === 'hooks.slack.com';
  } catch {
    return false;
  }
}

/** The body an endpoint receives for an event: the standard { type, timestamp, data }, or a Slack message. */
export function webhookBody(
  url: string,
  publicUrl: string,
  event: { type: string; payload: Record<string, unknown>; created_at: Date },
): string {
  if (isSlackUrl(url)) {
    const t = eventText(event.type, event.payload);
    const link = t.link ? ` <${publicUrl}${t.link}|Open in Quantics>` : '';
    return JSON.stringify({ text: `*${t.title}*\n${t.body}${link}` });
  }
  const body: TWebhookBody = {
    type: event.type,
    timestamp: event.created_at.toISOString(),
    data: event.payload,
  };
  return JSON.stringify(body);
}
