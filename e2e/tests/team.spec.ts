import { expect, test } from '@playwright/test';
import { registerViaApi, sidebarItems, signInWithToken, uniqueEmail } from './helpers';
import { linkIn, readOutbox, waitForMail } from './mail';
import { acceptViaApi, inviteViaApi, MEMBER_MENU, OPERATOR_MENU } from './team-helpers';

test('an admin invites an operator, who accepts from the emailed link and gets the operator menu', async ({
  page,
  browser,
}) => {
  const admin = await registerViaApi(page, { company: 'Harbor Supply' });
  await signInWithToken(page, admin.token);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveTitle('Quantics | Team');
  await expect(page.getByRole('heading', { name: 'Team Management' })).toBeVisible();
  const ownRow = page.getByTestId('member-row').filter({ hasText: admin.user.email });
  await expect(ownRow).toContainText('Unnamed');
  await expect(ownRow).toContainText('Active');
  await expect(ownRow.getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Member' });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByText('Email, name, and role are required')).toBeVisible();
  const email = uniqueEmail('jordan');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Full name').fill('Jordan Ruiz');
  await dialog.getByText('Operator', { exact: true }).click();
  await dialog.getByLabel('Personal message (optional)').fill('See you at the Monday count.');
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('member-row').filter({ hasText: email });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Operator');
  await expect(page.getByTestId('stat-Pending')).toHaveText('1');
  await expect(page.getByTestId('stat-Total Members')).toHaveText('2');

  const mail = await waitForMail((m) => m.to === email);
  expect(mail.subject).toContain('invited you to join Harbor Supply');
  expect(mail.text).toContain('See you at the Monday count.');

  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(linkIn(mail, '/accept-invite'));
  await expect(invitee.getByRole('heading', { name: 'Join Harbor Supply' })).toBeVisible();
  await expect(invitee.getByText('invited you to join as Operator.')).toBeVisible();
  await expect(invitee.getByText('See you at the Monday count.')).toBeVisible();
  await expect(invitee.getByLabel('Full name')).toHaveValue('Jordan Ruiz');
  await invitee.getByLabel('Password', { exact: true }).fill('counting-stock');
  await invitee.getByLabel('Confirm password').fill('counting-stock');
  await invitee.getByRole('button', { name: 'Accept & create account' }).click();
  await expect(invitee.getByText('Welcome to Harbor Supply!')).toBeVisible();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByTestId('dashboard-Your role')).toHaveText('Operator');
  await expect.poll(() => sidebarItems(invitee)).toEqual(OPERATOR_MENU);
  // The server, not the menu, decides: the Team page is closed to an operator.
  await invitee.goto('/team');
  await expect(invitee.getByText("You don't have access to this page")).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('member-row').filter({ hasText: email })).toContainText('Active');
  await expect(page.getByTestId('stat-Active')).toHaveText('2');
});

test("a member sees exactly the member's menu", async ({ page, browser }) => {
  const admin = await registerViaApi(page, { company: 'Menu Co' });
  const link = await inviteViaApi(page.request, admin.token, {
    email: uniqueEmail('priya'),
    name: 'Priya Patel',
    role: 'member',
  });
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link);
  await expect(invitee.getByText('invited you to join as Team Member.')).toBeVisible();
  await invitee.getByLabel('Password', { exact: true }).fill('counting-stock');
  await invitee.getByLabel('Confirm password').fill('counting-stock');
  await invitee.getByRole('button', { name: 'Accept & create account' }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect.poll(() => sidebarItems(invitee)).toEqual(MEMBER_MENU);
  await invitee.goto('/company');
  await expect(invitee.getByText("You don't have access to this page")).toBeVisible();
});

test('an admin changes a role and removes a member, asking first', async ({ page }) => {
  const admin = await registerViaApi(page, { company: 'Roles Co' });
  const email = uniqueEmail('dev');
  await acceptViaApi(
    page.request,
    await inviteViaApi(page.request, admin.token, { email, name: 'Dev Ortega', role: 'operator' }),
    'Dev Ortega',
  );
  await signInWithToken(page, admin.token);
  await page.goto('/team');
  const row = page.getByTestId('member-row').filter({ hasText: email });
  await expect(row).toContainText('Operator');

  await row.getByRole('button', { name: 'Edit role of Dev Ortega' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Member Role' });
  await dialog.getByText('Team Member', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save Role' }).click();
  await expect(page.getByText('Role updated: Dev Ortega is now Team Member')).toBeVisible();
  await expect(row).toContainText('Team Member');

  await row.getByRole('button', { name: 'Remove Dev Ortega' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove team member?' });
  await expect(confirm).toContainText('Dev Ortega will lose access to Roles Co');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Remove Dev Ortega' }).click();
  await confirm.getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByText('Dev Ortega was removed from the team')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('stat-Total Members')).toHaveText('1');
});

test('resend mails a new link and the old one stops working; revoke withdraws it', async ({ page }) => {
  const admin = await registerViaApi(page, { company: 'Resend Co' });
  const email = uniqueEmail('sam');
  const firstLink = await inviteViaApi(page.request, admin.token, {
    email,
    name: 'Sam Okafor',
    role: 'member',
  });
  await signInWithToken(page, admin.token);
  await page.goto('/team');
  const row = page.getByTestId('member-row').filter({ hasText: email });
  const before = readOutbox().map((m) => m.file);
  await row.getByRole('button', { name: `Resend invitation to ${email}` }).click();
  await expect(page.getByText(`Invitation resent to ${email}`)).toBeVisible();
  const second = await waitForMail((m) => m.to === email, { except: before });
  const secondLink = linkIn(second, '/accept-invite');
  expect(secondLink).not.toBe(firstLink);

  await page.goto(firstLink);
  await expect(page.getByText("This invitation can't be used")).toBeVisible();
  await expect(page.getByText('This invitation link is invalid or has already been used')).toBeVisible();

  await page.goto('/team');
  await row.getByRole('button', { name: `Revoke invitation to ${email}` }).click();
  await page
    .getByRole('dialog', { name: 'Revoke invitation?' })
    .getByRole('button', { name: 'Revoke invitation' })
    .click();
  await expect(page.getByText(`Invitation to ${email} revoked`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('someone with an account signs in from the invitation and joins, keeping their own company', async ({
  page,
  browser,
}) => {
  const admin = await registerViaApi(page, { company: 'Inviting Co' });
  const existing = await registerViaApi(page, { company: 'Own Co' });
  const link = await inviteViaApi(page.request, admin.token, {
    email: existing.user.email,
    name: 'Casey Lin',
    role: 'member',
  });
  const invitee = await (await browser.newContext()).newPage();
  // An old session of theirs that no longer works must not bounce them away from the invitation.
  await invitee.goto('/login');
  await invitee.evaluate(() => localStorage.setItem('token', 'expired-session'));
  await invitee.goto(link);
  await expect(invitee.getByText('already has a Quantics account')).toBeVisible();
  await expect(invitee).toHaveURL(/\/accept-invite\?token=/);
  await invitee.getByRole('link', { name: 'Sign in to accept' }).click();
  await expect(invitee).toHaveURL(/\/login\?next=/);
  await invitee.getByLabel('Email').fill(existing.user.email);
  await invitee.getByLabel('Password').fill('stock-count-1');
  await invitee.getByRole('button', { name: 'Sign in' }).click();
  await expect(invitee).toHaveURL(/\/accept-invite\?token=/);
  await invitee.getByRole('button', { name: 'Join Inviting Co' }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByTestId('dashboard-Company')).toHaveText('Inviting Co');
  await expect.poll(() => sidebarItems(invitee)).toEqual(MEMBER_MENU);

  // A member can still get back to the company they run.
  await invitee.getByRole('button', { name: /Switch company/ }).click();
  await invitee.getByRole('menuitem', { name: /Own Co/ }).click();
  await expect(invitee.getByTestId('dashboard-Company')).toHaveText('Own Co');
  await expect(invitee.getByTestId('dashboard-Your role')).toHaveText('Admin');
});

test('someone removed from their only company joins a new one with their password from the invitation', async ({
  page,
  browser,
}) => {
  const first = await registerViaApi(page, { company: 'First Employer' });
  const email = uniqueEmail('rehire');
  const joined = await acceptViaApi(
    page.request,
    await inviteViaApi(page.request, first.token, { email, name: 'Rory Quinn', role: 'member' }),
    'Rory Quinn',
  );
  const removed = await page.request.delete(`/api/team/members/${joined.user.id}`, {
    headers: { authorization: `Bearer ${first.token}` },
  });
  expect(removed.status()).toBe(200);

  const next = await registerViaApi(page, { company: 'Next Employer' });
  const link = await inviteViaApi(page.request, next.token, { email, name: 'Rory Quinn', role: 'operator' });
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link);
  await expect(invitee.getByText('already has a Quantics account')).toBeVisible();
  await invitee.getByLabel('Password').fill('not-my-password');
  await invitee.getByRole('button', { name: 'Accept and join Next Employer' }).click();
  await expect(invitee.getByText('Invalid credentials')).toBeVisible();
  await expect(invitee).toHaveURL(/\/accept-invite\?token=/);
  await invitee.getByLabel('Password').fill('stock-count-1');
  await invitee.getByRole('button', { name: 'Accept and join Next Employer' }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByTestId('dashboard-Company')).toHaveText('Next Employer');
  await expect.poll(() => sidebarItems(invitee)).toEqual(OPERATOR_MENU);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the team shows as cards with the same actions', async ({ page }) => {
    const admin = await registerViaApi(page, { company: 'Phone Co' });
    const email = uniqueEmail('lee');
    await inviteViaApi(page.request, admin.token, { email, name: 'Lee Wong', role: 'operator' });
    await signInWithToken(page, admin.token);
    await page.goto('/team');
    await expect(page.getByTestId('member-row').first()).toBeHidden();
    const card = page.getByTestId('member-card').filter({ hasText: email });
    await expect(card).toContainText('Pending');
    await expect(card.getByRole('button', { name: `Resend invitation to ${email}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Invite Member' })).toBeVisible();
  });
});
