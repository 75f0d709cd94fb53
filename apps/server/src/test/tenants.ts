import type { TRegisterRequest, TRole } from '@quantics/contracts';
import { memberships, users } from '../db/schema/index.ts';
import { startSession } from '../modules/auth/auth.service.ts';
import { registerUser, uniqueEmail } from './factories.ts';
import type { TestApp } from './test-app.ts';

export const PERSON_PASSWORD = 'correct-horse';

export type Person = { userId: number; email: string; name: string; token: string };
export type Tenant = {
  companyId: number;
  companyName: string;
  admin: Person;
  operator: Person;
  member: Person;
};

/**
 * A person with a role in a company, written straight to the tables (the invitation flow has its own
 * tests) and signed in through the real session code. Their password is PERSON_PASSWORD.
 */
export async function addPerson(
  t: TestApp,
  companyId: number,
  role: TRole,
  name = `${role} ${companyId}`,
): Promise<Person> {
  // At the test app's cost (testConfig's: cheap), as a person signing up there would have it.
  const passwordHash = await t.app.passwords.hash(PERSON_PASSWORD);
  const email = uniqueEmail(role);
  const db = t.database.db;
  const [user] = await db
    .insert(users)
    .values({ email, name, passwordHash, defaultCompanyId: companyId })
    .returning({ id: users.id });
  if (!user) throw new Error('insert user returned nothing');
  await db.insert(memberships).values({ userId: user.id, companyId, role });
  return { userId: user.id, email, name, token: await startSession(db, user.id, companyId) };
}

/** A new session for someone already in the company (for calls that end the session they use). */
export const freshToken = (t: TestApp, person: Person, companyId: number) =>
  startSession(t.database.db, person.userId, companyId);

/**
 * A company registered through the API, with an operator and a member beside its admin. Pass
 * `{ useDutchie: true, dutchieApiKey }` for a point-of-sale company.
 */
export async function createTenant(
  t: TestApp,
  companyName: string,
  registration: Partial<TRegisterRequest> = {},
): Promise<Tenant> {
  const reg = await registerUser(t.app, { company: companyName, ...registration });
  const companyId = reg.user.company_id;
  const admin = { userId: reg.user.id, email: reg.user.email, name: reg.user.email, token: reg.token };
  return {
    companyId,
    companyName,
    admin,
    operator: await addPerson(t, companyId, 'operator', `${companyName} Operator`),
    member: await addPerson(t, companyId, 'member', `${companyName} Member`),
  };
}
