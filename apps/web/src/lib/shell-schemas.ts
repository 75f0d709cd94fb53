/**
 * The answers' schemas of the calls the first page makes (the session, sign-out, the theme from the profile, the
 * notification bell), in a module of their own so those calls load it, and zod with it, only when they are made:
 * the landing and sign-in screens stay without zod (`api(path, { schema: shellSchema('ZUser') })`, api-client.ts).
 */
export {
  ZMarkReadResponse,
  ZNotificationsResponse,
  ZProfile,
  ZSuccessResponse,
  ZUser,
} from '@quantics/contracts';
