import { z } from 'zod';

/**
 * A company's GS1 company prefixes (its own and those of suppliers it labels for). SGTIN encoding needs the prefix
 * length, which the GTIN alone does not tell: the prefix's digits give it. A product whose GTIN falls under one of
 * them prints serialized SGTIN-96 labels.
 */

export const GS1_PREFIX_MIN_DIGITS = 6;
export const GS1_PREFIX_MAX_DIGITS = 12;
export const GS1_PREFIXES_MAX = 100;

export const GS1_PREFIX_MESSAGES = {
  listRequired: 'prefixes must be a list of GS1 company prefixes',
  notText: 'Each GS1 company prefix must be text of 6 to 12 digits',
  format: (prefix: string) =>
    `GS1 company prefix "${prefix}" must be ${GS1_PREFIX_MIN_DIGITS} to ${GS1_PREFIX_MAX_DIGITS} digits`,
  tooMany: `At most ${GS1_PREFIXES_MAX} GS1 company prefixes`,
  duplicate: (prefix: string) => `GS1 company prefix ${prefix} is listed twice`,
  overlap: (shorter: string, longer: string) =>
    `GS1 company prefixes ${shorter} and ${longer} overlap: a GTIN could fall under both`,
  saved: 'GS1 company prefixes saved',
} as const;

const prefixPattern = new RegExp(`^\\d{${GS1_PREFIX_MIN_DIGITS},${GS1_PREFIX_MAX_DIGITS}}$`);

/** PUT /api/print/gs1-prefixes (admins): the whole list, replacing the one before; [] clears it. */
export const ZGs1PrefixesRequest = z
  .object(
    {
      prefixes: z
        .array(z.string({ error: GS1_PREFIX_MESSAGES.notText }).trim(), {
          error: GS1_PREFIX_MESSAGES.listRequired,
        })
        .max(GS1_PREFIXES_MAX, GS1_PREFIX_MESSAGES.tooMany),
    },
    { error: GS1_PREFIX_MESSAGES.listRequired },
  )
  .superRefine(({ prefixes }, ctx) => {
    const problem = gs1PrefixesProblem(prefixes);
    if (problem) ctx.addIssue({ code: 'custom', path: ['prefixes'], message: problem });
  });
export type TGs1PrefixesRequest = z.input<typeof ZGs1PrefixesRequest>;

export const ZGs1Prefixes = z.object({
  /** Sorted; each one's length is its prefix length. */
  prefixes: z.array(z.string()),
});
export type TGs1Prefixes = z.infer<typeof ZGs1Prefixes>;

/** The first thing wrong with a list of prefixes, or null: each 6 to 12 digits, none twice, none inside another. */
export function gs1PrefixesProblem(prefixes: readonly string[]): string | null {
  for (const p of prefixes) if (!prefixPattern.test(p)) return GS1_PREFIX_MESSAGES.format(p.slice(0, 40));
  const seen = new Set<string>();
  for (const p of prefixes) {
    if (seen.has(p)) return GS1_PREFIX_MESSAGES.duplicate(p);
    seen.add(p);
  }
  // GS1 allocates prefixes so that none starts another; two that do would make a GTIN's prefix length ambiguous.
  const sorted = [...prefixes].sort();
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1] ?? '', sorted[i] ?? ''];
    if (b.startsWith(a)) return GS1_PREFIX_MESSAGES.overlap(a, b);
  }
  return null;
}

/**
 * The prefix a GTIN-14 falls under: a GTIN-14 is an indicator digit, the company prefix, the item reference and a
 * check digit (a GTIN-13 or -12 padded with zeros reads the same way), so the prefix follows the first digit.
 */
export function prefixOfGtin(gtin14: string, prefixes: readonly string[]): string | null {
  return prefixes.find((p) => gtin14.startsWith(p, 1)) ?? null;
}

/** GS1's human-readable form of a GTIN and serial: "(01)80614141123458(21)6789". */
export const gs1Hri = (gtin14: string, serial: number) => `(01)${gtin14}(21)${serial}`;
