import type { ZWaitlistRequest } from '@quantics/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { waitlistEntries } from '../../db/schema/index.ts';

/** Joining twice with one email keeps the first entry and answers the same success. */
export async function joinWaitlist(db: Db, entry: z.output<typeof ZWaitlistRequest>) {
  await db
    .insert(waitlistEntries)
    .values({
      name: entry.name,
      email: entry.email,
      company: entry.company || null,
      phoneNumber: entry.phoneNumber || null,
    })
    .onConflictDoNothing({ target: waitlistEntries.email });
}
