import type { TApiKeyScope, TRole } from '@quantics/contracts';

/**
 * Who may call each API route, in one table. 'public' needs no sign-in; a role means at least that role in the
 * caller's current company; 'device' means a paired reader's device token (and only that: a person's session is
 * refused there, as a device token is everywhere else); 'fixed-reader' means HTTP Basic with a fixed reader's serial
 * number and webhook password (the R700's webhook can send nothing else; every other credential is refused with
 * 401 and WWW-Authenticate: Basic). A route missing from this table stops the server at start.
 */
export type Access = 'public' | 'device' | 'fixed-reader' | TRole;

export const ACCESS_POLICY: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'POST /api/waitlist': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'member',
  'GET /api/auth/me': 'member',
  // Password reset links (public: the emailed token is the credential).
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  // Everyone's own account, whatever their role; a company-name edit is checked for admin in the service.
  'GET /api/settings/profile': 'member',
  'PUT /api/settings/profile': 'member',
  'PUT /api/settings/password': 'member',
  'PUT /api/settings/appearance': 'member',
  'GET /api/settings/2fa/status': 'member',
  'POST /api/settings/2fa/setup': 'member',
  'POST /api/settings/2fa/verify': 'member',
  'POST /api/settings/2fa/disable': 'member',
  'POST /api/settings/2fa/regenerate-codes': 'member',
  'GET /api/settings/onboarding/status': 'member',
  // Where the caller is signed in (browsers and print utilities), and ending those sessions.
  'GET /api/settings/sessions': 'member',
  'DELETE /api/settings/sessions/:id': 'member',
  'POST /api/settings/sessions/revoke-others': 'member',
  'POST /api/settings/onboarding/complete': 'member',
  // Team (admins), invitation links (public: the token is the credential), companies.
  'GET /api/team/members': 'admin',
  'POST /api/team/invite': 'admin',
  'PUT /api/team/members/:id': 'admin',
  'DELETE /api/team/members/:id': 'admin',
  'POST /api/team/resend-invite/:id': 'admin',
  'DELETE /api/team/invitations/:id': 'admin',
  'POST /api/team/members/:id/sign-out': 'admin',
  'POST /api/team/two-factor-reminders': 'admin',
  'GET /api/team/invite-info': 'public',
  'POST /api/team/accept-invite': 'public',
  // Anyone may list and switch among their own companies, so nobody is stuck where they are not admin.
  'GET /api/team/companies': 'member',
  'POST /api/team/switch-company': 'member',
  'GET /api/companies': 'operator',
  'GET /api/companies/current': 'operator',
  'GET /api/companies/:id/stats': 'operator',
  'POST /api/companies': 'admin',
  'PUT /api/companies/:id': 'admin',
  'GET /api/stats/activity': 'member',
  // The dashboard's figures and the reports: every member reads them.
  'GET /api/stats/dashboard': 'member',
  'GET /api/stats/dashboard-quick': 'member',
  'GET /api/stats/dashboard-inventory': 'member',
  'GET /api/stats/dashboard-low-stock': 'member',
  'GET /api/stats/dashboard-expiring': 'member',
  'GET /api/stats/dashboard-top-products': 'member',
  'GET /api/stats/dashboard-activity': 'member',
  // The dashboard's getting-started steps (issue 54): everyone reads them; only an admin hides them for the company.
  'GET /api/onboarding': 'member',
  'POST /api/onboarding/dismiss': 'admin',
  'GET /api/reports/:type.csv': 'member',
  'GET /api/reports/security-log.csv': 'admin',
  // The local catalogue and its locations: members read, operators and admins write.
  'GET /api/inventory': 'member',
  'GET /api/inventory/:id': 'member',
  'GET /api/inventory/csv-template': 'member',
  'GET /api/inventory/export.csv': 'member',
  'GET /api/inventory/lookup': 'member',
  // Where a product is, and a store's refill list (issue 52): everyone reads them; operators and admins set
  // minimums and record what they moved to the floor.
  'GET /api/inventory/where': 'member',
  'GET /api/replenishment': 'member',
  'GET /api/reports/store-kpis': 'member',
  'GET /api/replenishment.csv': 'member',
  'PUT /api/replenishment/minimum': 'operator',
  'POST /api/replenishment/moved': 'operator',
  'POST /api/inventory': 'operator',
  'PUT /api/inventory/:id': 'operator',
  'DELETE /api/inventory/:id': 'operator',
  'POST /api/inventory/bulk-upload': 'operator',
  // Stock movements: operators and admins send them (and API keys with movements:write); everyone reads history.
  'POST /api/inventory/movements': 'operator',
  'POST /api/inventory/movements/import': 'operator',
  'GET /api/inventory/:id/movements': 'member',
  'GET /api/reports/movements.csv': 'member',
  // Shipments and receiving: operators and admins make, send and delete them (and API keys with shipments:write);
  // everyone reads them and the suppliers report. A receipt is counted through the reader protocol.
  'POST /api/shipments': 'operator',
  'POST /api/shipments/import': 'operator',
  'GET /api/shipments': 'member',
  'GET /api/shipments/:id': 'member',
  'DELETE /api/shipments/:id': 'operator',
  'POST /api/shipments/:id/send': 'operator',
  'GET /api/shipments/:id/receipt.csv': 'member',
  'GET /api/reports/suppliers': 'member',
  'GET /api/reports/suppliers.csv': 'member',
  'GET /api/locations': 'member',
  'GET /api/locations/:id': 'member',
  'POST /api/locations': 'operator',
  'PUT /api/locations/:id': 'operator',
  // Kinds guessed from places' names, confirmed or dismissed by an admin on the Locations page (issue 52).
  'POST /api/locations/kinds': 'admin',
  'DELETE /api/locations/:id': 'operator',
  // Cycle counting: plans are kept by operators and admins; what is due is everyone's.
  'GET /api/count-plans': 'operator',
  'GET /api/count-plans/people': 'operator',
  'GET /api/count-plans/rooms': 'operator',
  'GET /api/count-plans/:id': 'operator',
  'POST /api/count-plans': 'operator',
  'PUT /api/count-plans/:id': 'operator',
  'DELETE /api/count-plans/:id': 'operator',
  'GET /api/counts/due': 'member',
  // Point-of-sale inventory (Dutchie companies): everyone who may view inventory reads it; admins hold the key.
  'GET /api/dutchie-inventory': 'member',
  'GET /api/dutchie-inventory/product/:id': 'member',
  'GET /api/dutchie-inventory/search': 'member',
  'GET /api/dutchie-inventory/analytics/top-selling': 'member',
  'GET /api/dutchie-inventory/analytics/low-inventory': 'member',
  'GET /api/dutchie-inventory/analytics/expiring': 'member',
  'GET /api/dutchie-inventory/analytics/sales-floor': 'member',
  'GET /api/dutchie-inventory/transactions': 'member',
  'GET /api/dutchie-inventory/closing-report': 'member',
  'GET /api/settings/dutchie': 'admin',
  'PUT /api/settings/dutchie': 'admin',
  // Metrc (a Dutchie company's incoming manifests): admins hold the key and sync.
  'GET /api/settings/metrc': 'admin',
  'PUT /api/settings/metrc': 'admin',
  'POST /api/settings/metrc/sync': 'admin',
  // Label printing: operators and admins print (members do not see the page); admins set the label size. The
  // utility's own calls carry its utility token, checked by the print module (not a session).
  'GET /api/print/status': 'operator',
  'POST /api/print/print': 'operator',
  'GET /api/print/jobs': 'operator',
  'GET /api/print/label-settings': 'operator',
  'PUT /api/print/label-settings': 'admin',
  'GET /api/print/gs1-prefixes': 'operator',
  'PUT /api/print/gs1-prefixes': 'admin',
  'GET /api/print/products/:id/serials': 'operator',
  'POST /api/print/agents': 'operator',
  'GET /api/print/agents': 'operator',
  'DELETE /api/print/agents/:id': 'operator',
  'POST /api/print/agent/logout': 'public',
  'GET /api/print/agent/socket': 'public',
  // Devices (spec: no devices for members) and audits (members read them; operators act on them).
  'GET /api/devices': 'operator',
  'POST /api/devices': 'operator',
  'GET /api/devices/:id': 'operator',
  'PUT /api/devices/:id': 'operator',
  'DELETE /api/devices/:id': 'operator',
  'POST /api/rfid/register/confirm': 'operator',
  // Fixed readers: operators and admins add them, replace their webhook password and start and finish their counts;
  // the reader itself posts to its webhook with HTTP Basic.
  'POST /api/devices/fixed': 'operator',
  'POST /api/devices/:id/webhook-password': 'operator',
  'POST /api/devices/:id/counts': 'operator',
  'POST /api/devices/:id/counts/finish': 'operator',
  // A fixed reader's antennas mapped to places (issue 52): operators and admins, as the reader itself.
  'GET /api/devices/:id/antennas': 'operator',
  'PUT /api/devices/:id/antennas': 'operator',
  'POST /api/rfid/impinj/events': 'fixed-reader',
  'POST /api/rfid/zebra/events': 'fixed-reader',
  'POST /api/rfid/speedway/events': 'fixed-reader',
  'GET /api/audits': 'member',
  'GET /api/audits/:id': 'member',
  'GET /api/audits/:id/discrepancies': 'member',
  'PATCH /api/audits/:id/comments': 'operator',
  'POST /api/audits/import': 'operator',
  'POST /api/audits/:id/apply-counts': 'operator',
  // Team counts: everyone sees the counts in progress and how far they are; the person who started a count (or an
  // admin: checked in the service) adds a fixed reader to it or finishes it for everyone.
  'GET /api/audits/open': 'member',
  'GET /api/audits/:id/progress': 'member',
  // EPCIS (issue 53): everyone reads a count as EPCIS and the events; operators and admins capture documents.
  'GET /api/audits/:id/epcis': 'member',
  'GET /api/epcis/events': 'member',
  'POST /api/epcis/capture': 'operator',
  'GET /api/epcis/capture/:id': 'member',
  'POST /api/audits/:id/participants': 'operator',
  'POST /api/audits/:id/finish': 'operator',
  // Reviews of counts: admins decide lines and keep the policy and reason codes; operators recount and take the
  // adjustments sheet; everyone reads the reason codes and the shrink report.
  'POST /api/audits/:id/review': 'admin',
  'POST /api/audits/:id/recount': 'operator',
  'GET /api/recounts': 'operator',
  'GET /api/audits/:id/adjustments.csv': 'operator',
  'GET /api/audits/:id/adjustments': 'operator',
  'GET /api/companies/:id/count-policy': 'admin',
  'PUT /api/companies/:id/count-policy': 'admin',
  'GET /api/reason-codes': 'member',
  'POST /api/reason-codes': 'admin',
  'PUT /api/reason-codes/:id': 'admin',
  'DELETE /api/reason-codes/:id': 'admin',
  'GET /api/reports/shrink': 'member',
  'GET /api/reports/shrink.csv': 'member',
  'GET /api/reports/accuracy': 'member',
  'GET /api/reports/accuracy.csv': 'member',
  // The reader protocol: pairing is public (the code and the poll secret are the credentials), the rest is for
  // paired readers only.
  'POST /api/rfid/register/start': 'public',
  'POST /api/rfid/register/poll': 'public',
  'POST /api/rfid/heartbeat': 'device',
  'POST /api/rfid/audits': 'device',
  'POST /api/rfid/audits/:audit_id/reads': 'device',
  'POST /api/rfid/audits/:audit_id/complete': 'device',
  'GET /api/rfid/audits/open': 'device',
  'POST /api/rfid/audits/:audit_id/join': 'device',
  // The Count screen: a person sets up their handheld's browser as a device; the browser reads its audit's sheet.
  'POST /api/devices/browser': 'operator',
  'GET /api/rfid/audits/:audit_id/sheet': 'device',
  'POST /api/rfid/audits/:audit_id/sheet/lookup': 'device',
  // Tallie Chat: every member chats; conversations are the caller's own, and the tools read what their role may.
  'GET /api/chat/conversations': 'member',
  'POST /api/chat/conversations': 'member',
  'DELETE /api/chat/conversations': 'member',
  'PUT /api/chat/conversations/:id': 'member',
  'DELETE /api/chat/conversations/:id': 'member',
  'GET /api/chat/conversations/:id/messages': 'member',
  'POST /api/chat/conversations/:id/messages': 'member',
  'POST /api/chatbot': 'member',
  // The bell and e-mail choices: everyone's own (what they are told of follows their role); the unsubscribe link is
  // public (its token is the credential). Webhooks are the company admins'.
  'GET /api/notifications': 'member',
  'POST /api/notifications/read': 'member',
  'GET /api/settings/notifications': 'member',
  'PUT /api/settings/notifications': 'member',
  'GET /api/notifications/unsubscribe': 'public',
  'POST /api/notifications/unsubscribe': 'public',
  'GET /api/webhooks': 'admin',
  'POST /api/webhooks': 'admin',
  'PUT /api/webhooks/:id': 'admin',
  'DELETE /api/webhooks/:id': 'admin',
  'POST /api/webhooks/:id/test': 'admin',
  'GET /api/webhooks/:id/deliveries': 'admin',
  // API keys (for a till, an ERP, a script): admins create, list and revoke them.
  'GET /api/api-keys': 'admin',
  'POST /api/api-keys': 'admin',
  'DELETE /api/api-keys/:id': 'admin',
};

/**
 * The routes an API key may call, each with the scope it needs: a key calling any other route is refused 403, as is a
 * key without the scope; an unknown or revoked key is 401 everywhere. A key acts for its company with the scope's
 * rights, whatever the route's role above. A route named here takes its caller with callerOf() (lib/request-context.ts),
 * never requireAuth(). Routes may be named before they exist (the table is only read for requests that carry a key).
 * The scopes themselves are API_KEY_SCOPE_NAMES in packages/contracts (api-keys.ts).
 */
export const API_KEY_SCOPES: Record<string, TApiKeyScope> = {
  'GET /api/inventory': 'inventory:read',
  'GET /api/inventory/:id': 'inventory:read',
  'GET /api/inventory/export.csv': 'inventory:read',
  'GET /api/inventory/:id/movements': 'inventory:read',
  'GET /api/locations': 'inventory:read',
  'GET /api/locations/:id': 'inventory:read',
  'POST /api/inventory': 'inventory:write',
  'PUT /api/inventory/:id': 'inventory:write',
  'DELETE /api/inventory/:id': 'inventory:write',
  'POST /api/inventory/movements': 'movements:write',
  'POST /api/inventory/movements/import': 'movements:write',
  'GET /api/audits': 'audits:read',
  'GET /api/audits/:id': 'audits:read',
  'GET /api/audits/:id/discrepancies': 'audits:read',
  'GET /api/audits/:id/progress': 'audits:read',
  // Every report but the security log (a person's: admins only).
  'GET /api/reports/:type.csv': 'reports:read',
  'GET /api/reports/movements.csv': 'reports:read',
  'GET /api/reports/shrink': 'reports:read',
  'GET /api/reports/shrink.csv': 'reports:read',
  'GET /api/reports/accuracy': 'reports:read',
  'GET /api/reports/accuracy.csv': 'reports:read',
  'GET /api/reports/suppliers': 'reports:read',
  'GET /api/reports/suppliers.csv': 'reports:read',
  'POST /api/shipments': 'shipments:write',
  'POST /api/shipments/import': 'shipments:write',
  'DELETE /api/shipments/:id': 'shipments:write',
  'POST /api/shipments/:id/send': 'shipments:write',
  'GET /api/shipments': 'shipments:read',
  'GET /api/shipments/:id': 'shipments:read',
  'GET /api/shipments/:id/receipt.csv': 'shipments:read',
  'GET /api/audits/:id/epcis': 'epcis:read',
  'GET /api/epcis/events': 'epcis:read',
  'POST /api/epcis/capture': 'epcis:write',
  'GET /api/epcis/capture/:id': 'epcis:write',
};

/**
 * What a person may still call while their company requires two-factor and they have not set it up: read who they
 * are, set two-factor up, move to another of their companies, sign out. Every other signed-in call answers 403
 * `{ message, code: 'two_factor_required' }` (public, reader and fixed-reader routes are not sessions and are not
 * concerned). Checked in the auth hook, once, for every route.
 */
export const TWO_FACTOR_SETUP_ACCESS: ReadonlySet<string> = new Set([
  'POST /api/auth/logout',
  'GET /api/auth/me',
  'GET /api/settings/profile',
  'GET /api/settings/2fa/status',
  'POST /api/settings/2fa/setup',
  'POST /api/settings/2fa/verify',
  'GET /api/team/companies',
  'POST /api/team/switch-company',
]);
