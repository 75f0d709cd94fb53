import { z } from 'zod';

/**
 * The getting-started steps (issue 54), in the order a new company takes them. Each is ticked off by what the company
 * really did, never by a click on the step (the rules are in apps/server/src/modules/onboarding/onboarding.repo.ts
 * and docs/api.md):
 * - places: a location exists (catalogue companies only: a point-of-sale company's places are its Dutchie rooms);
 * - catalogue: a product exists, or (point of sale) the Dutchie key is set;
 * - reader: a handheld paired, a browser set up on the Count screen, or a fixed reader that has sent reads;
 * - count: a completed count (audit);
 * - team: a second active member, or an invitation still open.
 */
export const ONBOARDING_STEP_KEYS = ['places', 'catalogue', 'reader', 'count', 'team'] as const;
export const ZOnboardingStepKey = z.enum(ONBOARDING_STEP_KEYS);
export type TOnboardingStepKey = z.infer<typeof ZOnboardingStepKey>;

export const ONBOARDING_TITLES = {
  places: 'Add your places',
  catalogue: 'Add your catalogue',
  dutchie: 'Connect Dutchie',
  reader: 'Set up a reader or a handheld',
  count: 'Make your first count',
  team: 'Invite your team',
} as const;

export const ZOnboardingStep = z.object({
  key: ZOnboardingStepKey,
  title: z.string(),
  /** True once the company has done it (derived on every read). */
  done: z.boolean(),
  /** The page of the web app where the step is done. */
  href: z.string(),
});
export type TOnboardingStep = z.infer<typeof ZOnboardingStep>;

export const ZOnboarding = z.object({
  steps: z.array(ZOnboardingStep),
  /** Every step is done. */
  complete: z.boolean(),
  /** When an admin hid the card for the company; null while it shows. */
  dismissed_at: z.string().nullable(),
});
export type TOnboarding = z.infer<typeof ZOnboarding>;
