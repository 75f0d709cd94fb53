import {
  ALERTS_MESSAGES,
  ZErrorResponse,
  ZMarkReadRequest,
  ZMarkReadResponse,
  ZNotificationSettings,
  ZNotificationSettingsResponse,
  ZNotificationsQuery,
  ZNotificationsResponse,
  ZUnsubscribeQuery,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perAddressPerHour } from '../../lib/rate-limit-store.ts';
import { requireAuth } from '../../lib/request-context.ts';
import { escapeHtml } from '../mail/mailer.ts';
import * as service from './notifications.service.ts';

/** The bell, a person's e-mail choices, and the e-mails' one-click unsubscribe. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const rateLimit = perAddressPerHour(app.config.publicRateLimit);

  app.get(
    '/api/notifications',
    { schema: { tags, querystring: ZNotificationsQuery, response: { 200: ZNotificationsResponse } } },
    async (request) => service.listNotifications(app.db, requireAuth(request), request.query),
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        tags,
        description: 'Marks the listed notifications read; without ids, all of them.',
        body: ZMarkReadRequest,
        response: { 200: ZMarkReadResponse, 400: ZErrorResponse },
      },
    },
    async (request) => service.markRead(app.db, requireAuth(request), request.body.ids),
  );

  app.get(
    '/api/settings/notifications',
    { schema: { tags, response: { 200: ZNotificationSettingsResponse } } },
    async (request) => service.getSettings(app.db, requireAuth(request)),
  );

  app.put(
    '/api/settings/notifications',
    {
      schema: {
        tags,
        body: ZNotificationSettings,
        response: { 200: ZNotificationSettingsResponse, 400: ZErrorResponse },
      },
    },
    async (request) => service.saveSettings(app.db, requireAuth(request), request.body),
  );

  // A mail client's one-click unsubscribe posts a form (RFC 8058): its body says nothing we need, the token is in
  // the link. Only this plugin accepts form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  app.get(
    '/api/notifications/unsubscribe',
    {
      schema: { tags, querystring: ZUnsubscribeQuery, produces: ['text/html'] },
      config: rateLimit,
    },
    // The link in an e-mail only shows a button: link checkers that open every link must not unsubscribe anyone.
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Unsubscribe from Quantics e-mails',
            `<form method="post" action="/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}"><button type="submit" style="background:#4f46e5;color:#fff;border:0;padding:12px 20px;border-radius:8px;font-weight:600;cursor:pointer">Unsubscribe</button></form>`,
          ),
        ),
  );

  app.post(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags,
        description: 'One-click unsubscribe (RFC 8058): the List-Unsubscribe link, posted.',
        querystring: ZUnsubscribeQuery,
        body: z.unknown().optional(),
        produces: ['text/html'],
      },
      config: rateLimit,
    },
    async (request, reply) => {
      await service.unsubscribe(app.db, app.box, request.query.token);
      return reply
        .type('text/html; charset=utf-8')
        .send(page('Unsubscribed', `<p>${escapeHtml(ALERTS_MESSAGES.unsubscribed)}</p>`));
    },
  );
};

function page(title: string, inner: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,sans-serif;color:#0f172a;background:#f8fafc;padding:24px"><main style="max-width:480px;margin:10vh auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${inner}</main></body></html>`;
}
