import { z } from 'zod';

export const WAITLIST_LIMITS = { name: 100, email: 255, company: 255, phoneNumber: 50 } as const;

export const WAITLIST_MESSAGES = {
  name: 'Please enter a valid name (at least 2 characters)',
  email: 'Please enter a valid email address',
  success: "Thank you for joining our waitlist! We'll be in touch soon.",
} as const;

/** Characters each field may hold; anything else is stripped as the user types and again on the server. */
const NOT_NAME = /[^\p{L}\s'-]/gu;
const NOT_COMPANY = /[^\p{L}\p{N}\s&.,-]/gu;
const NOT_PHONE = /[^\d\s()+-]/g;

export const waitlistSanitize = {
  name: (v: string) => v.replace(NOT_NAME, ''),
  email: (v: string) => v.replace(/\s/g, ''),
  company: (v: string) => v.replace(NOT_COMPANY, ''),
  phoneNumber: (v: string) => v.replace(NOT_PHONE, ''),
};

/** The shape x@y.z the spec asks for, without being stricter than that. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Strip, trim and cut one field the way both the form and the server do. */
function clean(field: keyof typeof waitlistSanitize, v: string): string {
  const cut = waitlistSanitize[field](v).trim().slice(0, WAITLIST_LIMITS[field]);
  return field === 'email' ? cut.toLowerCase() : cut;
}

const optionalText = (field: 'company' | 'phoneNumber') =>
  z
    .string()
    .nullish()
    .transform((v) => clean(field, v ?? ''));

export const ZWaitlistRequest = z.object({
  name: z
    .string({ error: WAITLIST_MESSAGES.name })
    .transform((v) => clean('name', v))
    .pipe(z.string().min(2, WAITLIST_MESSAGES.name)),
  email: z
    .string({ error: WAITLIST_MESSAGES.email })
    .transform((v) => clean('email', v))
    .pipe(z.string().regex(EMAIL_SHAPE, WAITLIST_MESSAGES.email)),
  company: optionalText('company'),
  phoneNumber: optionalText('phoneNumber'),
});
export type TWaitlistRequest = z.input<typeof ZWaitlistRequest>;

export const ZWaitlistResponse = z.object({ success: z.literal(true), message: z.string() });
export type TWaitlistResponse = z.infer<typeof ZWaitlistResponse>;
