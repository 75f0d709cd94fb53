import type { Db } from '../../db/client.ts';
import { waitlistEntries } from '../../db/schema/index.ts';

// Waitlist entries belong to no company: people join before they have one.

export type WaitlistValues = {
  name: string;
  email: string;
  company: string | null;
  phoneNumber: string | null;
};

/** Inserts the entry unless its email is already on the list (the first entry is kept). */
export async function insertEntry(db: Db, values: WaitlistValues): Promise<void> {
  await db.insert(waitlistEntries).values(values).onConflictDoNothing({ target: waitlistEntries.email });
}
