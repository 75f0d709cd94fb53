import { expect, type Page, test } from '@playwright/test';
import { registerViaApi, shoot, signInWithToken } from './helpers';

/**
 * The spec's local fallbacks: history kept in this browser (per person and company) is used when the server
 * cannot be reached, and what cannot be saved is held here with user_id 'local'. Failures are made by blocking
 * the calls in the browser (page.route), as a network outage would.
 */

const SORRY = 'Sorry, I encountered an error. Please try again later.';
const input = (page: Page) => page.getByPlaceholder('Ask Tallie anything...');
const history = (page: Page) => page.getByRole('complementary', { name: 'Chat History' });

type Registered = { token: string; user: { id: number; company_id: number } };

async function openTallie(page: Page, company: string) {
  const admin = (await registerViaApi(page, { company })) as unknown as Registered;
  await signInWithToken(page, admin.token);
  await page.goto('/tallie');
  await expect(page.getByText('No chat history yet')).toBeVisible();
  return admin;
}

async function ask(page: Page, question: string) {
  await input(page).fill(question);
  await input(page).press('Enter');
  await expect(page.getByRole('status', { name: 'Tallie is typing' })).toBeHidden();
}

/** This browser's copy for the person and company, as the page keeps it. */
async function kept(page: Page, a: Registered) {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
    `tallie-history:${a.user.id}:${a.user.company_id}`,
  ) as Promise<{
    conversations: {
      id: number;
      title: string;
      held: { user_id: unknown; sender: string; content: string }[];
    }[];
  } | null>;
}

test('loading conversations fails: the history kept in this browser is shown, messages included', async ({
  page,
}) => {
  await openTallie(page, 'Offline History Co');
  await ask(page, 'What is my inventory worth?');
  await expect(page.getByRole('heading', { name: 'Inventory value' })).toBeVisible();
  await expect(history(page).getByRole('button', { name: /^What is my inventory worth\?/ })).toBeVisible();

  await page.route('**/api/chat/conversations**', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(
    page.getByText('Could not reach the server: showing the history kept on this device.'),
  ).toBeVisible();
  await history(page)
    .getByRole('button', { name: /^What is my inventory worth\?/ })
    .click();
  await expect(page.getByTestId('message-user')).toHaveText(/What is my inventory worth\?/);
  await expect(page.getByRole('heading', { name: 'Inventory value' })).toBeVisible();
  await shoot(page, 'tallie-offline');

  // Back online: the server's list again, without the notice.
  await page.unroute('**/api/chat/conversations**');
  await page.reload();
  await expect(history(page).getByRole('button', { name: /^What is my inventory worth\?/ })).toBeVisible();
  await expect(page.getByText('Could not reach the server')).toBeHidden();
});

test('the reply fails: the sorry message is saved with the question; if saving fails too it is held here', async ({
  page,
}) => {
  const admin = await openTallie(page, 'Failing Reply Co');
  await page.route('**/api/chatbot', (route) => route.fulfill({ status: 503, body: '{"message":"down"}' }));

  // Saving works: the question and the sorry message are saved on the server.
  await ask(page, 'Where is the blue jar?');
  await expect(page.getByTestId('message-assistant')).toHaveText(new RegExp(SORRY.replace(/[.]/g, '\\.')));
  const list = await page.request.get('/api/chat/conversations', {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const [saved] = (await list.json()) as { id: number }[];
  const messages = await page.request.get(`/api/chat/conversations/${saved?.id}/messages`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(((await messages.json()) as { sender: string; content: string }[]).map((m) => m.content)).toEqual([
    'Where is the blue jar?',
    SORRY,
  ]);

  // Saving fails as well: both are held in this browser with user_id 'local' and survive a reload.
  await page.route('**/api/chat/conversations/*/messages', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
  );
  await ask(page, 'Anything expiring?');
  await expect(page.getByTestId('message-assistant')).toHaveCount(2);
  const copy = await kept(page, admin);
  const held = copy?.conversations.find((c) => c.id === saved?.id)?.held ?? [];
  expect(held.map((m) => [m.user_id, m.sender, m.content])).toEqual([
    ['local', 'user', 'Anything expiring?'],
    ['local', 'assistant', SORRY],
  ]);
  await page.unroute('**/api/chatbot');
  await page.unroute('**/api/chat/conversations/*/messages');
  await page.reload();
  await history(page)
    .getByRole('button', { name: /^Where is the blue jar\?/ })
    .click();
  await expect(page.getByTestId('message-user')).toHaveText([
    /Where is the blue jar\?/,
    /Anything expiring\?/,
  ]);
  await expect(page.getByTestId('message-assistant')).toHaveCount(2);
});

test('a conversation the server cannot create is kept only in this browser, answered, and can be deleted', async ({
  page,
}) => {
  const admin = await openTallie(page, 'Local Only Co');
  await page.route('**/api/chat/conversations', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
  );
  await ask(page, 'What is my inventory worth?');
  await expect(page.getByRole('heading', { name: 'Inventory value' })).toBeVisible();
  const item = history(page).getByRole('button', { name: /^What is my inventory worth\?/ });
  await expect(item).toContainText('on this device only');
  await shoot(page, 'tallie-local-only');

  // Not on the server, but still here after a reload, beside the server's (empty) list.
  const onServer = await page.request.get('/api/chat/conversations', {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(await onServer.json()).toEqual([]);
  await page.unroute('**/api/chat/conversations');
  await page.reload();
  await item.click();
  await expect(page.getByRole('heading', { name: 'Inventory value' })).toBeVisible();
  expect((await kept(page, admin))?.conversations[0]?.held.map((m) => m.user_id)).toEqual(['local', 'local']);

  await history(page).getByRole('button', { name: 'Delete What is my inventory worth?' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No chat history yet')).toBeVisible();
  expect((await kept(page, admin))?.conversations).toEqual([]);
});

test('the history kept here belongs to one person in one company', async ({ page }) => {
  const first = await openTallie(page, 'Keeper One Co');
  await ask(page, 'What is my inventory worth?');
  await expect(page.getByRole('heading', { name: 'Inventory value' })).toBeVisible();
  expect((await kept(page, first))?.conversations).toHaveLength(1);

  // Someone else signs in on the same browser and cannot reach the server's list: nothing of the first person.
  const second = (await registerViaApi(page, { company: 'Keeper Two Co' })) as unknown as Registered;
  await signInWithToken(page, second.token);
  await page.route('**/api/chat/conversations**', (route) => route.abort('connectionrefused'));
  await page.goto('/tallie');
  await expect(
    page.getByText('Could not reach the server: showing the history kept on this device.'),
  ).toBeVisible();
  await expect(page.getByText('No chat history yet')).toBeVisible();
});
