import { type Browser, expect, type Page, test } from '@playwright/test';
import { epcOf, figure, setUpHandheld } from './count-helpers';
import { registerViaApi, shoot, signInWithToken, uniqueEmail } from './helpers';
import { createLocationViaApi, createProductViaApi } from './inventory-helpers';
import { acceptViaApi, inviteViaApi } from './team-helpers';

// Team counts (issue 49): two operators count one store together on their phones, one of them offline for part of
// it; the admin watches the count's progress on a desktop, and it moves without a reload. The page's own offline
// queue is under test (the service worker's sending has its own tests in pwa.spec.ts).
test.use({ serviceWorkers: 'block' });

const PHONE = { width: 390, height: 844 };
/** The portal's progress poll (shared/audits/count-progress.tsx PROGRESS_POLL_MS), at most 5 s. */
const POLL_MS = 4000;

async function phone(browser: Browser, token: string) {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInWithToken(page, token);
  return page;
}

/** A phone's screen for people to look at (SHOTS_DIR), at 1440 wide as well as 390. */
async function shootPhone(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, name);
  await page.setViewportSize(PHONE);
}

const read = (page: Page, skus: string[]) => page.keyboard.type(skus.map((s) => `${epcOf(s)}\n`).join(''));

/** The admin's page's clock stands still (a second on: on a busy machine, tried again if that second has passed). */
const standStill = (page: Page) =>
  expect(async () => page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))).toPass();

/**
 * The admin's page stands still: one poll's worth of time passes, then, while the poll's answer comes in, the clock
 * creeps on by 20 ms at a time (React Query hands answers on with setTimeout(0)) until `check` passes: well short of
 * the next poll, so that one poll brought it.
 */
async function afterPoll(page: Page, check: () => Promise<void>) {
  await page.clock.runFor(POLL_MS);
  await expect(async () => {
    await page.clock.runFor(20);
    await check();
  }).toPass({ timeout: 10_000, intervals: [50, 100, 200] });
}

test('two phones count one store together, one offline for a while; the admin watches it move and the last one completes it', async ({
  browser,
  page: admin,
  request,
}) => {
  // Three browsers, two sign-ups by invitation and an offline spell: a longer journey than most.
  test.setTimeout(180_000);
  const { token } = await registerViaApi(admin);
  const store = await createLocationViaApi(request, token, { name: 'Store' });
  const aisle1 = await createLocationViaApi(request, token, {
    name: 'Aisle 1',
    parent_location_id: store.id,
  });
  const aisle2 = await createLocationViaApi(request, token, {
    name: 'Aisle 2',
    parent_location_id: store.id,
  });
  for (const [sku, at] of [
    ['TEAMA1', aisle1],
    ['TEAMA2', aisle1],
    ['TEAMA3', aisle1],
    ['TEAMB1', aisle2],
    ['TEAMB2', aisle2],
    ['TEAMB3', aisle2],
  ] as const)
    await createProductViaApi(request, token, { name: `Item ${sku}`, sku, quantity: 1, location_id: at.id });
  const people = [];
  for (const name of ['Ann Lee', 'Bob Diaz']) {
    const link = await inviteViaApi(request, token, { email: uniqueEmail('team'), name, role: 'operator' });
    people.push((await acceptViaApi(request, link, name)).token);
  }
  const [ann, bob] = [await phone(browser, people[0] as string), await phone(browser, people[1] as string)];

  // Ann starts the store's count on her phone.
  await setUpHandheld(ann, 'Ann TC52');
  await ann.getByLabel('Location', { exact: true }).selectOption({ label: 'Store' });
  await ann.getByLabel('Count name (optional)').fill('Store team');
  await ann.getByRole('button', { name: 'Start count' }).click();
  await expect(figure(ann, 'expected')).toHaveText('6');
  await read(ann, ['TEAMA1', 'TEAMA2']);
  await expect(figure(ann, 'found')).toHaveText('2');
  await expect(ann.getByText('All reads sent')).toBeVisible();

  // The admin opens the count on a desktop, its clock standing still: the figures move with each poll, no reload.
  await admin.clock.install();
  await signInWithToken(admin, token);
  await admin.goto('/audits');
  await admin
    .getByRole('button', { name: /Store team/ })
    .first()
    .click();
  const live = admin.getByRole('region', { name: 'Live progress' });
  await expect(live.getByTestId('units-found')).toHaveText('2 of 6 units found');
  await standStill(admin);

  // Bob sees the count in progress, who started it and who counts, and joins it.
  await setUpHandheld(bob, 'Bob TC52');
  const listed = bob.getByTestId('open-count').filter({ hasText: 'Store team' });
  await expect(listed).toContainText('Store');
  await expect(listed).toContainText('started by Ann Lee');
  await expect(listed).toContainText('Counting: Ann Lee · Ann TC52');
  await shootPhone(bob, 'team-count-join');
  await listed.getByRole('button', { name: 'Join Store team' }).click();
  await expect(bob.getByTestId('count-scope')).toHaveText('Store team · Store');
  const bobTeam = bob.getByTestId('team-line');
  await expect(bobTeam).toContainText('Team count · 2 readers');
  await expect(bobTeam).toContainText('2 of 6 units');
  await expect(bobTeam.getByTestId('team-member')).toHaveText(/Ann Lee 2 units/);

  // Bob's phone loses the network: what he reads is kept on it (one tag Ann reads too).
  await bob.context().setOffline(true);
  await read(bob, ['TEAMA3', 'TEAMB1', 'TEAMB2']);
  await expect(bob.getByText('Offline: 3 reads kept on this handheld')).toBeVisible();

  // Ann reads the overlapping tag meanwhile; the admin's page shows it at the next poll, and Ann's team line too.
  await read(ann, ['TEAMA3']);
  // Taken (and named), then sent: only then does the status say so again.
  await expect(figure(ann, 'found')).toHaveText('3');
  await expect(ann.getByText('All reads sent')).toBeVisible();
  await expect(live.getByTestId('units-found')).toHaveText('2 of 6 units found');
  await afterPoll(admin, () =>
    expect(live.getByTestId('units-found')).toHaveText('3 of 6 units found', { timeout: 100 }),
  );
  await expect(ann.getByTestId('team-line')).toContainText('3 of 6 units');

  // Bob is back: his kept batches go, the overlap counts once.
  await bob.context().setOffline(false);
  await expect(bob.getByText('All reads sent')).toBeVisible();
  await afterPoll(admin, () =>
    expect(live.getByTestId('units-found')).toHaveText('5 of 6 units found', { timeout: 100 }),
  );
  const rows = live.getByTestId('participant');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Ann TC52' })).toContainText('3 units');
  await expect(rows.filter({ hasText: 'Bob TC52' })).toContainText('3 units');
  await expect(live.getByTestId('place-progress').filter({ hasText: 'Aisle 1' })).toContainText('3 / 3');
  await expect(live.getByTestId('place-progress').filter({ hasText: 'Aisle 2' })).toContainText('2 / 3');
  await expect(ann.getByTestId('team-line')).toContainText('5 of 6 units');
  await shoot(admin, 'team-count-audit-progress');
  await shootPhone(ann, 'team-count-team-line');

  // The dashboard's counts in progress show the same figures.
  await admin.clock.resume();
  await admin.goto('/dashboard');
  const onDashboard = admin.getByTestId('count-in-progress').filter({ hasText: 'Store team' });
  // The dashboard loads much at once (its charts too): on a busy machine that takes a while.
  await expect(onDashboard.getByTestId('units-found')).toHaveText('5 of 6 units found', { timeout: 30_000 });
  await expect(onDashboard).toContainText('2 of 2 counting');
  await shoot(admin, 'team-count-dashboard');
  await standStill(admin);

  // Bob finishes his part: the count goes on with Ann.
  await bob.getByRole('button', { name: 'Finish my part' }).click();
  await expect(bob.getByText('Your part is done: Store team goes on with the others')).toBeVisible();
  await afterPoll(admin, () => expect(onDashboard).toContainText('1 of 2 counting', { timeout: 100 }));

  // Ann is the last one: finishing her part completes the count.
  await expect(ann.getByTestId('team-line')).toContainText('finished');
  await ann.getByRole('button', { name: 'Finish my part' }).click();
  await expect(ann.getByText('Count finished: Store team')).toBeVisible();
  await afterPoll(admin, () => expect(onDashboard).toHaveCount(0, { timeout: 100 }));
  await admin.clock.resume();
  await admin.goto('/audits');
  const row = admin.getByRole('button', { name: /Store team/ }).first();
  await row.click();
  const dialog = admin.getByRole('dialog', { name: 'Store team' });
  await expect(dialog.getByText('Completed', { exact: true })).toBeVisible();
  await expect(dialog.getByText('5 / 6')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Live progress' })).toHaveCount(0);
});

/** What this browser kept of its count, lost (site data cleared, another phone's profile): the portal's stays open. */
const loseKeptCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('quantics-count');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['counts', 'batches'], 'readwrite');
          tx.objectStore('counts').clear();
          tx.objectStore('batches').clear();
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
  );

test('a handheld still in a count it no longer keeps: a start offers to resume that count or to finish it', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const { token } = await registerViaApi(page);
  const store = await createLocationViaApi(request, token, { name: 'Store' });
  for (const sku of ['SOLOA', 'SOLOB', 'SOLOC'])
    await createProductViaApi(request, token, {
      name: `Item ${sku}`,
      sku,
      quantity: 1,
      location_id: store.id,
    });
  const audit = async (name: string) => {
    const res = await request.get('/api/audits?limit=50', { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()).data as { name: string; status: string; tags_found: number }[]).find(
      (a) => a.name === name,
    );
  };
  await signInWithToken(page, token);
  await setUpHandheld(page, 'Solo TC52');
  const startCount = async (name: string) => {
    await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Store' });
    await page.getByLabel('Count name (optional)').fill(name);
    await page.getByRole('button', { name: 'Start count' }).click();
  };
  /** The count is open and its capture field takes what the reader types. */
  const counting = async (scope: string) => {
    await expect(page.getByTestId('count-scope')).toHaveText(scope);
    await expect(page.getByLabel('Tag capture')).toBeFocused();
  };

  await startCount('First');
  await counting('First · Store');
  await read(page, ['SOLOA']);
  await expect(figure(page, 'found')).toHaveText('1');
  await expect(page.getByText('All reads sent')).toBeVisible();
  await loseKeptCount(page);
  await page.reload();

  // The portal still has this handheld in "First": the start is refused, naming it, and offers both ways out.
  await startCount('Second');
  const busy = page.getByTestId('reader-busy');
  await expect(busy).toContainText('This reader is already counting "First"');
  await shootPhone(page, 'count-reader-busy');
  await busy.getByRole('button', { name: 'Resume it' }).click();
  await counting('First · Store');
  // Its batches go on from the portal's number: the read sent before the loss still counts.
  await read(page, ['SOLOB']);
  await expect(figure(page, 'found')).toHaveText('1');
  await expect(page.getByText('All reads sent')).toBeVisible();
  await page.getByRole('button', { name: 'Finish count' }).click();
  await expect(page.getByText('Count finished: First')).toBeVisible();
  expect(await audit('First')).toMatchObject({ status: 'completed', tags_found: 2 });
  expect(await audit('Second')).toBeUndefined();
  await page.keyboard.press('Escape');

  // Again, and this time the person finishes the old count: it completes with what it had, and the new one starts.
  await startCount('Third');
  await counting('Third · Store');
  await read(page, ['SOLOC']);
  await expect(figure(page, 'found')).toHaveText('1');
  await expect(page.getByText('All reads sent')).toBeVisible();
  await loseKeptCount(page);
  await page.reload();
  await startCount('Fourth');
  await expect(busy).toContainText('This reader is already counting "Third"');
  await busy.getByRole('button', { name: 'Finish it' }).click();
  await expect(page.getByTestId('count-scope')).toHaveText('Fourth · Store');
  expect(await audit('Third')).toMatchObject({ status: 'completed', tags_found: 1 });
  expect(await audit('Fourth')).toMatchObject({ status: 'in_progress' });
});
