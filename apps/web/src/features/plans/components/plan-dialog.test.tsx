import { COUNT_PLAN_MESSAGES } from '@quantics/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { location } from '@/test/locations';
import { signedIn } from '@/test/users';
import { PlanDialog } from './plan-dialog';

// The plan form checks what it sends with the contracts' ZCountPlanRequest, in its own words, and shows the server's
// refusal beside the field the answer names (never by reading the message).

const user = signedIn();

let sent: unknown[] = [];
let refusal: { message: string; field?: string } | null = null;
const server = setupServer(
  http.get('/api/locations', () => HttpResponse.json([location(4, 'Backroom')])),
  http.get('/api/count-plans/people', () => HttpResponse.json({ data: [] })),
  http.get('/api/devices', () => HttpResponse.json([])),
  http.post('/api/count-plans', async ({ request }) => {
    sent.push(await request.json());
    return HttpResponse.json(refusal, { status: 400 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  sent = [];
  refusal = null;
});
afterAll(() => server.close());

function openDialog() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <PlanDialog user={user} plan={null} isOpen onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog', { name: 'New count plan' }));
}

/** The locations come through the offline store (IndexedDB) first: slower than one second on a loaded machine. */
describe('the count plan form', () => {
  it('says what is missing before sending, each beside its field, and clears it once fixed', async () => {
    const dialog = openDialog();
    await dialog.findByLabelText('Backroom', {}, { timeout: 15_000 });
    await userEvent.clear(dialog.getByLabelText('Grace days'));
    await userEvent.type(dialog.getByLabelText('Grace days'), '91');
    await userEvent.click(dialog.getByRole('button', { name: 'Save plan' }));
    expect(await dialog.findByText(COUNT_PLAN_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(dialog.getByText('Choose at least one location')).toBeInTheDocument();
    expect(dialog.getByText('Grace days: a whole number from 0 to 90')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.click(dialog.getByLabelText('Backroom'));
    expect(dialog.queryByText('Choose at least one location')).not.toBeInTheDocument();
  });

  it("puts the server's refusal under the field it names, and sends the plan as the contract takes it", async () => {
    refusal = { message: COUNT_PLAN_MESSAGES.locationNotFound, field: 'location_ids' };
    const dialog = openDialog();
    await userEvent.click(await dialog.findByLabelText('Backroom', {}, { timeout: 15_000 }));
    await userEvent.type(dialog.getByLabelText('Plan name'), 'Backroom weekly');
    await userEvent.click(dialog.getByRole('button', { name: 'Save plan' }));
    const shown = await dialog.findByText(COUNT_PLAN_MESSAGES.locationNotFound);
    expect(shown.closest('fieldset')).toHaveTextContent('Locations');
    expect(sent).toEqual([
      {
        name: 'Backroom weekly',
        location_ids: [4],
        rooms: [],
        grace_days: 1,
        blind: false,
        every_days: 7,
        assignee_user_id: null,
        device_id: null,
        duration_minutes: null,
      },
    ]);
  });

  it('shows a refusal that names no field above the buttons', async () => {
    refusal = { message: 'The server had a problem with this plan' };
    const dialog = openDialog();
    await userEvent.click(await dialog.findByLabelText('Backroom', {}, { timeout: 15_000 }));
    await userEvent.type(dialog.getByLabelText('Plan name'), 'Backroom weekly');
    await userEvent.click(dialog.getByRole('button', { name: 'Save plan' }));
    const shown = await dialog.findByText(refusal.message);
    expect(shown.closest('fieldset')).toBeNull();
    expect(shown).toHaveAttribute('role', 'alert');
  });
});
