import type { TAudit } from '@quantics/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedAudit, discrepancyLine } from '@/test/audits';
import { ReviewDialog } from './review-dialog';

// The review of a count during which the store traded (issue 48): a line says what moved while it was counted, so
// the admin approving a loss of 2 sees it was 10 at the start, 3 were sold, and 10 were there when it was read.

const AUDIT: TAudit = {
  ...completedAudit(9, 1),
  name: 'Saturday count',
  tags_expected: 20,
  tags_found: 17,
  discrepancies_count: 3,
  review_status: 'awaiting',
};
const LINES = [
  discrepancyLine(1, {
    expected_quantity: 10,
    found_quantity: 8,
    variance: -2,
    expected_at_start: 10,
    moved_during: -3,
    needs_approval: true,
    notes: '2 fewer than expected; 3 sold during the count',
  }),
  discrepancyLine(2, {
    expected_quantity: 10,
    found_quantity: 9,
    variance: -1,
    expected_at_start: 10,
    moved_during: 0,
    notes: '1 fewer than expected',
  }),
];

const server = setupServer(
  http.get('/api/audits/9/discrepancies', () => HttpResponse.json(LINES)),
  http.get('/api/reason-codes', () =>
    HttpResponse.json([{ id: 1, code: 'THEFT', label: 'Theft', retired: false, in_use: false }]),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('ReviewDialog', () => {
  it('says what moved during the count on a line where stock moved, and nothing on the others', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ReviewDialog audit={AUDIT} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const dialog = within(await screen.findByRole('dialog'));
    const [sold, still] = await dialog.findAllByTestId('review-line');
    expect(within(sold as HTMLElement).getByTestId('moved-during')).toHaveTextContent(
      '10 at start · 3 sold during the count · expected 10 when counted',
    );
    expect(within(still as HTMLElement).queryByTestId('moved-during')).not.toBeInTheDocument();
  });
});
