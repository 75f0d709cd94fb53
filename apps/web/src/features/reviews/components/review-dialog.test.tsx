import type { TAudit } from '@quantics/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    unit_cost: 1234.5,
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

// A shipment's receipt (issue 51): its lines are approved or rejected with a reason for receiving, never recounted.
const RECEIPT: TAudit = { ...AUDIT, id: 10, name: 'Receipt ASN-7', shipment_id: 7 };

let reviewed: unknown[] = [];
const server = setupServer(
  http.get('/api/audits/:id/discrepancies', () => HttpResponse.json(LINES)),
  http.get('/api/reason-codes', () =>
    HttpResponse.json([
      { id: 1, code: 'THEFT', label: 'Theft', retired: false, in_use: false },
      { id: 2, code: 'DAMAGED', label: 'Damaged', retired: false, in_use: false },
    ]),
  ),
  http.post('/api/audits/:id/review', async ({ request }) => {
    reviewed.push(await request.json());
    // The server names the refused field by its path in the request, whatever its message says.
    return HttpResponse.json(
      { message: 'This reason code is retired: choose another', field: 'lines.0.reason_code' },
      { status: 400 },
    );
  }),
);

function openReview(audit: TAudit) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ReviewDialog audit={audit} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog'));
}
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('ReviewDialog', () => {
  it('says what moved during the count on a line where stock moved, and nothing on the others', async () => {
    const dialog = openReview(AUDIT);
    const [sold, still] = await dialog.findAllByTestId('review-line');
    expect(within(sold as HTMLElement).getByTestId('moved-during')).toHaveTextContent(
      '10 at start · 3 sold during the count · expected 10 when counted',
    );
    expect(within(still as HTMLElement).queryByTestId('moved-during')).not.toBeInTheDocument();
    // What a line's variance is worth, in the spec's currency: 2 missing at $1,234.50.
    expect(sold).toHaveTextContent('value $2,469.00');
  });

  it('offers Recount on a count, but not on a receipt, whose reasons are those for receiving', async () => {
    const count = openReview(AUDIT);
    const [line] = await count.findAllByTestId('review-line');
    expect(within(line as HTMLElement).getByRole('button', { name: 'Recount' })).toBeInTheDocument();
    cleanup();

    const receipt = openReview(RECEIPT);
    const [received] = await receipt.findAllByTestId('review-line');
    const row = within(received as HTMLElement);
    expect(row.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Recount' })).not.toBeInTheDocument();
    const reasons = row.getByLabelText(`Reason for ${LINES[0]?.product_name}`);
    expect(
      within(reasons)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Reason code', 'Damaged']);
  });

  it("shows the server's refusal beside the line's reason, by the field the answer names", async () => {
    reviewed = [];
    const dialog = openReview(AUDIT);
    const [line] = await dialog.findAllByTestId('review-line');
    const row = within(line as HTMLElement);
    await userEvent.selectOptions(row.getByLabelText(`Reason for ${LINES[0]?.product_name}`), 'THEFT');
    await userEvent.type(row.getByLabelText(`Note for ${LINES[0]?.product_name}`), '  shelf empty  ');
    await userEvent.click(row.getByRole('button', { name: 'Approve' }));
    expect(await row.findByRole('alert')).toHaveTextContent('This reason code is retired: choose another');
    expect(row.getByLabelText(`Reason for ${LINES[0]?.product_name}`)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(reviewed).toEqual([
      { lines: [{ discrepancy_id: 1, decision: 'approve', reason_code: 'THEFT', note: 'shelf empty' }] },
    ]);
  });
});
