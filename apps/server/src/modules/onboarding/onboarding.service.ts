import { ONBOARDING_TITLES, type TOnboarding, type TOnboardingStep } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import * as repo from './onboarding.repo.ts';

/** The steps as the company stands now. A point-of-sale company's places are its Dutchie rooms: no places step. */
export function stepsFrom(facts: repo.OnboardingFacts): TOnboardingStep[] {
  const isDutchie = facts.inventoryType === 'dutchie';
  const steps: TOnboardingStep[] = [];
  if (!isDutchie) {
    steps.push({ key: 'places', title: ONBOARDING_TITLES.places, done: facts.hasPlaces, href: '/locations' });
  }
  steps.push(
    isDutchie
      ? { key: 'catalogue', title: ONBOARDING_TITLES.dutchie, done: facts.hasDutchieKey, href: '/settings' }
      : { key: 'catalogue', title: ONBOARDING_TITLES.catalogue, done: facts.hasProducts, href: '/inventory' },
    { key: 'reader', title: ONBOARDING_TITLES.reader, done: facts.hasReader, href: '/devices' },
    { key: 'count', title: ONBOARDING_TITLES.count, done: facts.hasCount, href: '/count' },
    { key: 'team', title: ONBOARDING_TITLES.team, done: facts.hasTeam, href: '/team' },
  );
  return steps;
}

export async function getOnboarding(db: Db, companyId: number): Promise<TOnboarding> {
  const facts = await repo.findFacts(db, companyId);
  if (!facts) throw notFound();
  const steps = stepsFrom(facts);
  return {
    steps,
    complete: steps.every((s) => s.done),
    dismissed_at: facts.dismissedAt ? facts.dismissedAt.toISOString() : null,
  };
}

/** Hides the card for everyone in the company (admins only, by the access policy); the steps keep being derived. */
export async function dismissOnboarding(db: Db, companyId: number): Promise<TOnboarding> {
  await repo.dismiss(db, companyId);
  return getOnboarding(db, companyId);
}
