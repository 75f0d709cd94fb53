import { WAITLIST_MESSAGES, type ZWaitlistRequest, ZWaitlistResponse } from '@quantics/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';

/** The waitlist request after the schema has stripped, trimmed and cut every field. */
export type TWaitlistPayload = ReturnType<typeof ZWaitlistRequest.parse>;

// Spec portal-access section 8, word for word: the page's own texts (the success text is the API's).
const SUCCESS = WAITLIST_MESSAGES.success;
const TOO_MANY = 'Too many requests. Please try again later.';
const FAILED = 'Failed to join waitlist. Please try again.';

/** POST /api/waitlist with exactly the four fields the spec lists. */
export function joinWaitlist({ name, email, company, phoneNumber }: TWaitlistPayload) {
  return api('/api/waitlist', {
    method: 'POST',
    body: { name, email, company, phoneNumber },
    schema: ZWaitlistResponse,
  });
}

/** 429 has its own text; otherwise the server's message, else the generic failure. */
export function waitlistErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return TOO_MANY;
  return errorMessage(error, FAILED);
}

/** Joins the waitlist and toasts the outcome; callers clear their form in `mutate`'s onSuccess. */
export function useJoinWaitlist() {
  return useMutation({
    mutationFn: joinWaitlist,
    onSuccess: () => notify.success(SUCCESS),
    onError: (error) => notify.error(waitlistErrorMessage(error)),
  });
}
