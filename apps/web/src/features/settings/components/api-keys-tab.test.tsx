import { API_KEY_MESSAGES, type TApiKey } from '@quantics/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeysTab } from './api-keys-tab';

// The API keys tab (issue #48): the list, the create dialog that shows the key once, revoking with a confirmation.

const key = (over: Partial<TApiKey>): TApiKey => ({
  id: 1,
  name: 'Till 1',
  prefix: 'qk_AbC12de',
  scopes: ['movements:write'],
  created_at: '2026-11-01T09:00:00.000Z',
  created_by: 'Ann Lee',
  last_used_at: null,
  revoked_at: null,
  ...over,
});
const SECRET = `qk_AbC12de${'x'.repeat(36)}`;

let keys: TApiKey[] = [];
const sent: { method: string; url: string; body?: unknown }[] = [];
const server = setupServer(
  http.get('/api/api-keys', () => HttpResponse.json({ data: keys })),
  http.post('/api/api-keys', async ({ request }) => {
    const body = (await request.json()) as { name: string; scopes: string[] };
    sent.push({ method: 'POST', url: '/api/api-keys', body });
    if (body.name === 'Taken')
      return HttpResponse.json({ message: API_KEY_MESSAGES.tooMany }, { status: 409 });
    const made = key({ id: 2, name: body.name, scopes: body.scopes, created_at: new Date().toISOString() });
    keys = [made, ...keys];
    return HttpResponse.json({ ...made, key: SECRET }, { status: 201 });
  }),
  http.delete('/api/api-keys/:id', ({ params }) => {
    sent.push({ method: 'DELETE', url: `/api/api-keys/${params.id}` });
    keys = keys.map((k) => (k.id === Number(params.id) ? { ...k, revoked_at: new Date().toISOString() } : k));
    return HttpResponse.json({ success: true, message: 'API key revoked' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
  keys = [];
});
afterAll(() => server.close());

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ApiKeysTab />
    </QueryClientProvider>,
  );
}

describe('ApiKeysTab', () => {
  it('says when there is no key yet', async () => {
    renderTab();
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
  });

  it('lists each key with its prefix, scopes, creator, last use and whether it is revoked', async () => {
    keys = [
      key({ last_used_at: new Date(Date.now() - 120_000).toISOString() }),
      key({
        id: 3,
        name: 'Old ERP',
        scopes: ['inventory:read', 'reports:read'],
        revoked_at: '2026-11-02T10:00:00Z',
      }),
    ];
    renderTab();
    const rows = await screen.findAllByTestId('api-key-row');
    const [till, erp] = rows.map((r) => within(r));
    expect(till?.getByText('qk_AbC12de…')).toBeInTheDocument();
    expect(till?.getByText('movements:write')).toBeInTheDocument();
    expect(till?.getByText(/by Ann Lee/)).toBeInTheDocument();
    expect(till?.getByText(/Last used 2 minutes ago/)).toBeInTheDocument();
    expect(till?.getByText('Active')).toBeInTheDocument();
    expect(erp?.getByText('Revoked')).toBeInTheDocument();
    expect(erp?.getByText(/Never used/)).toBeInTheDocument();
    expect(erp?.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('creates a key with the scopes ticked and shows it once, with a warning and a copy button', async () => {
    renderTab();
    await screen.findByText('No API keys yet');
    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = within(await screen.findByRole('dialog'));
    // Nothing ticked: the contract's own message, and nothing sent.
    await userEvent.type(dialog.getByLabelText('Name'), 'Till 2');
    await userEvent.click(dialog.getByRole('button', { name: 'Create API key' }));
    expect(await dialog.findByText(API_KEY_MESSAGES.scopesRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.click(dialog.getByRole('checkbox', { name: /movements:write/ }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /inventory:read/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create API key' }));
    const shown = within(await screen.findByRole('dialog', { name: 'Your new API key' }));
    expect(sent[0]?.body).toEqual({ name: 'Till 2', scopes: ['movements:write', 'inventory:read'] });
    expect(shown.getByTestId('api-key-value')).toHaveTextContent(SECRET);
    expect(shown.getByText(/it will not be shown again/)).toBeInTheDocument();
    await userEvent.click(shown.getByRole('button', { name: 'Copy' }));
    expect(await shown.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await userEvent.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Till 2')).toBeInTheDocument();
    // Gone for good: the list shows its first characters only.
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog", async () => {
    renderTab();
    await screen.findByText('No API keys yet');
    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('Name'), 'Taken');
    await userEvent.click(dialog.getByRole('checkbox', { name: /audits:read/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create API key' }));
    expect(await dialog.findByText(API_KEY_MESSAGES.tooMany)).toBeInTheDocument();
  });

  it('revokes a key only once the admin confirms', async () => {
    keys = [key({})];
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Till 1' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revoke this API key?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Till 1' }));
    const again = within(await screen.findByRole('dialog', { name: 'Revoke this API key?' }));
    await userEvent.click(again.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', url: '/api/api-keys/1' }]));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
  });
});
