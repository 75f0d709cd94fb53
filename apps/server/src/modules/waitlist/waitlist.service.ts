import type { ZWaitlistRequest } from '@quantics/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import * as repo from './waitlist.repo.ts';

/** Joining twice with one email keeps the first entry and answers the same success. */
export async function joinWaitlist(db: Db, entry: z.output<typeof ZWaitlistRequest>) {
  await repo.insertEntry(db, {
    name: entry.name,
    email: entry.email,
    company: entry.company || null,
    phoneNumber: entry.phoneNumber || null,
  });
}
