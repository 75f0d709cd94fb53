import type { TAudit } from '@quantics/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/app/auth-provider';
import { completedAudit, discrepancyLine } from '@/test/audits';
import { ApplyCountsDialog } from './apply-counts-dialog';

// Applying a count of a place (issue #47): shortages and overages are ticked, a misplaced product is not, and ticking
// it names it among the lines sent (the server gives it a place there only when named).

const AUDIT: TAudit = {
  ...completedAudit(7, 1),
  name: 'Sales floor count',
  location_id: 3,
  location: 'Sales Floor',
  tags_found: 5,
  tags_expected: 7,
  expected_count: 2,
  discrepancies_count: 2,
  misplaced_count: 1,
  accuracy: 71,
};

const line = discrepancyLine;
const LINES = [
  line(1, { expected_quantity: 7, found_quantity: 5, variance: -2 }),
  line(2, {
    discrepancy_type: 'misplaced',
    found_quantity: 1,
    variance: 1,
    notes: 'Read here, but belongs in Backroom',
  }),
];

const sent: Record<string, unknown>[] = [];
const server = setupServer(
  http.get('/api/audits/7/discrepancies', () => HttpResponse.json(LINES)),
  http.post('/api/audits/7/apply-counts', async ({ request }) => {
    sent.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json({ applied: 1, left: 0, audit: AUDIT });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

async function open(audit: TAudit) {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <ApplyCountsDialog audit={audit} onClose={onClose} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  const dialog = within(await screen.findByRole('dialog'));
  await dialog.findByText('SKU1');
  return { dialog, onClose };
}

describe('ApplyCountsDialog', () => {
  it('applies every shortage and overage without naming them, the misplaced product left where it was', async () => {
    const { dialog, onClose } = await open(AUDIT);
    expect(dialog.getByText('Misplaced: tick to keep it at Sales Floor')).toBeInTheDocument();
    const boxes = dialog.getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, false]);
    await userEvent.type(dialog.getByLabelText('Reason'), 'Weekly count');
    await userEvent.click(dialog.getByRole('button', { name: 'Apply 1 count' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ reason: 'Weekly count' }]);
  });

  it('names the misplaced line when it is ticked, with the others', async () => {
    const { dialog, onClose } = await open(AUDIT);
    await userEvent.click(dialog.getAllByRole('checkbox')[1] as HTMLElement);
    await userEvent.type(dialog.getByLabelText('Reason'), 'Moved for good');
    await userEvent.click(dialog.getByRole('button', { name: 'Apply 2 counts' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ reason: 'Moved for good', discrepancy_ids: [1, 2] }]);
  });

  it('offers no misplaced line for a count of the whole catalogue', async () => {
    const { dialog } = await open({ ...AUDIT, location_id: null, location: null });
    expect(dialog.queryByText(/Misplaced: tick/)).not.toBeInTheDocument();
    expect(dialog.getAllByRole('checkbox')).toHaveLength(1);
  });
});
