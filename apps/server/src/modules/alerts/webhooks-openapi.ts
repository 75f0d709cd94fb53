import { EVENT_LABELS, EVENT_TYPES, WEBHOOK_EVENT_DATA } from '@quantics/contracts';
import { z } from 'zod';

const HEADERS = {
  'webhook-id': { description: 'The message id: the same on every retry, so a receiver can drop a repeat.' },
  'webhook-timestamp': { description: 'Seconds since 1970 when this attempt was signed.' },
  'webhook-signature': {
    description:
      'v1,<base64 HMAC-SHA256 of "id.timestamp.body" with the endpoint secret> (Standard Webhooks).',
  },
};

/**
 * The OpenAPI document's `webhooks` section: every event a company's endpoint can receive, its body
 * `{ type, timestamp, data }` and the Standard Webhooks headers it is signed with.
 */
export function webhooksDocument(): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: EVENT_LABELS[type],
          description:
            'Sent to each enabled endpoint subscribed to this event, signed per the Standard Webhooks specification. Any 2xx answer is success; anything else is retried with exponential backoff for about a day (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), after which an endpoint that failed throughout is switched off and the company admins are e-mailed. A Slack incoming-webhook URL receives { "text": "..." } instead.',
          parameters: Object.entries(HEADERS).map(([name, h]) => ({
            name,
            in: 'header',
            required: true,
            schema: { type: 'string' },
            description: h.description,
          })),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['type', 'timestamp', 'data'],
                  properties: {
                    type: { type: 'string', const: type },
                    timestamp: {
                      type: 'string',
                      format: 'date-time',
                      description: 'When the event happened.',
                    },
                    data: z.toJSONSchema(WEBHOOK_EVENT_DATA[type], { io: 'input', unrepresentable: 'any' }),
                  },
                },
              },
            },
          },
          responses: { '2XX': { description: 'Received.' } },
        },
      },
    ]),
  );
}
