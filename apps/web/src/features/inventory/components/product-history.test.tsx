import type { TMovement, TProduct } from '@quantics/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/app/auth-provider';
import { location } from '@/test/locations';
import { ProductDialog } from './product-dialog';
import type { StockPoint } from './stock-series';

// jsdom has no canvas for Chart.js to draw on (the browser test sees it drawn): the chart stands in as its named image
// and the quantities of the line it was given.
vi.mock('./stock-chart', () => ({
  StockChart: ({ points, summary }: { points: StockPoint[]; summary: string }) => (
    <div role="img" aria-label={summary} data-testid="chart-line">
      {points.map((p) => p.quantity).join(' ')}
    </div>
  ),
}));

// A product's history in its dialog (issue #48): its movements newest first, a page at a time, and a chart of its
// quantity over time walked back from the quantity now.

const BACKROOM = location(1, 'Backroom');
const FLOOR = location(2, 'Sales Floor');

const TENT = {
  id: 41,
  name: 'Alpine 2P Tent',
  sku: 'TENT2P',
  quantity: 9,
  location_id: BACKROOM.id,
  location: BACKROOM.name,
  stock: [
    { location_id: BACKROOM.id, location: BACKROOM.name, quantity: 4 },
    { location_id: FLOOR.id, location: FLOOR.name, quantity: 5 },
  ],
  expiration_date: null,
} as TProduct;

const movement = (over: Partial<TMovement> & Pick<TMovement, 'id' | 'delta' | 'at'>): TMovement => ({
  product_id: TENT.id,
  location_id: FLOOR.id,
  location: FLOOR.name,
  quantity_after: 0,
  reason: 'sale',
  recorded_at: over.at,
  by: 'API key Front till',
  by_type: 'api_key',
  reference: null,
  audit_id: null,
  shipment_id: null,
  client_id: null,
  ...over,
});

// Newest first. Page 1: a sale, a receipt and a count; page 2 (after "Load more"): the product's creation.
const PAGE_1 = [
  movement({ id: 4, delta: -2, at: '2026-11-20T12:00:00Z', quantity_after: 5, reference: 'Order 1042' }),
  movement({
    id: 3,
    delta: 4,
    at: '2026-11-12T12:00:00Z',
    quantity_after: 4,
    reason: 'receipt',
    location_id: BACKROOM.id,
    location: BACKROOM.name,
    by: 'Jo Park',
    by_type: 'user',
  }),
  movement({
    id: 2,
    delta: -1,
    at: '2026-11-05T12:00:00Z',
    quantity_after: 7,
    reason: 'count',
    audit_id: 7,
    by: 'Jo Park',
    by_type: 'user',
  }),
];
const PAGE_2 = [movement({ id: 1, delta: 8, at: '2026-11-01T12:00:00Z', quantity_after: 8, reason: 'edit' })];

const asked: URLSearchParams[] = [];
/** Two pages, the second after the first's cursor; a test may answer otherwise. */
const TWO_PAGES = (q: URLSearchParams) =>
  q.get('cursor') === 'older'
    ? HttpResponse.json({ data: PAGE_2, next_cursor: null })
    : HttpResponse.json({ data: PAGE_1, next_cursor: 'older' });
let answer: (q: URLSearchParams) => Response = TWO_PAGES;
const server = setupServer(
  http.get('/api/locations', () => HttpResponse.json([BACKROOM, FLOOR])),
  http.get('/api/inventory/41/movements', ({ request }) => {
    const q = new URL(request.url).searchParams;
    asked.push(q);
    return answer(q);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
  answer = TWO_PAGES;
});
afterAll(() => server.close());

function renderDialog(canEdit = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <ProductDialog product={TENT} canEdit={canEdit} onOpenChange={() => {}} />
        </AuthProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

async function openHistory() {
  renderDialog();
  const dialog = within(await screen.findByRole('dialog'));
  await userEvent.click(dialog.getByRole('tab', { name: 'History' }));
  return dialog;
}

const rows = (dialog: ReturnType<typeof within>) => dialog.getAllByTestId('movement-row');
const chart = (dialog: ReturnType<typeof within>) => dialog.getByRole('img');

describe('ProductDialog history', () => {
  it('lists the movements newest first with their place, reason, signed change, quantity after, who and why', async () => {
    const dialog = await openHistory();
    await dialog.findAllByTestId('movement-row');
    expect(asked[0]?.get('location_id')).toBeNull();
    expect(asked[0]?.get('limit')).toBe('50');
    const [sale, receipt, count] = rows(dialog);
    expect(sale).toHaveTextContent(/Nov 20, 2026.*Sale.*Sales Floor.*Order 1042.*API key Front till.*−2.*5/);
    expect(within(sale as HTMLElement).getByTestId('movement-delta')).toHaveClass('text-red-700');
    expect(receipt).toHaveTextContent(/Nov 12, 2026.*Receipt.*Backroom.*Jo Park.*\+4.*4/);
    expect(within(receipt as HTMLElement).getByTestId('movement-delta')).toHaveClass('text-emerald-700');
    // A count names its audit, a link to it.
    expect(within(count as HTMLElement).getByRole('link', { name: 'Audit #7' })).toHaveAttribute(
      'href',
      '/audits?audit=7',
    );
    // The total over time, walked back from 9 now: 11 before the sale's −2, 7 before the receipt's +4.
    expect(dialog.getByTestId('history-current')).toHaveTextContent('9');
    expect(await dialog.findByRole('img')).toHaveAccessibleName(
      'Total on hand over time: 7 on Nov 5, 2026, 9 now; lowest 7, highest 11',
    );
    // Oldest first: after the count, the receipt and the sale, then now.
    expect(dialog.getByTestId('chart-line')).toHaveTextContent('7 11 9 9');
  });

  it('loads older movements with "Load more", and the chart reaches back with them', async () => {
    const dialog = await openHistory();
    await dialog.findAllByTestId('movement-row');
    expect(dialog.getByText('3 movements shown')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows(dialog)).toHaveLength(4));
    expect(asked[1]?.get('cursor')).toBe('older');
    expect(rows(dialog)[3]).toHaveTextContent(/Nov 1, 2026.*Edit.*Sales Floor.*\+8.*8/);
    // The last page: no more to load.
    expect(dialog.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(chart(dialog)).toHaveAccessibleName(
      'Total on hand over time: 8 on Nov 1, 2026, 9 now; lowest 7, highest 11',
    );
    expect(dialog.getByTestId('chart-line')).toHaveTextContent('8 7 11 9 9');
  });

  it('filters to one place: asks for its movements and charts its own units', async () => {
    const dialog = await openHistory();
    await dialog.findAllByTestId('movement-row');
    answer = () => HttpResponse.json({ data: [PAGE_1[0], PAGE_1[2]], next_cursor: null });
    await userEvent.selectOptions(dialog.getByLabelText('Place'), 'Sales Floor');
    await dialog.findByRole('heading', { name: 'On hand at Sales Floor' });
    expect(asked.at(-1)?.get('location_id')).toBe(String(FLOOR.id));
    // One place's list does not name it on every line; what caused each movement is still there.
    expect(rows(dialog)).toHaveLength(2);
    expect(dialog.queryAllByTestId('movement-place')).toHaveLength(0);
    expect(rows(dialog)[0]).toHaveTextContent('Order 1042');
    expect(dialog.getByTestId('history-current')).toHaveTextContent('5');
    expect(chart(dialog)).toHaveAccessibleName(
      'On hand at Sales Floor over time: 7 on Nov 5, 2026, 5 now; lowest 5, highest 7',
    );
    expect(dialog.getByTestId('chart-line')).toHaveTextContent('7 5 5');
  });

  it('says "No movements yet" for a product nothing has moved', async () => {
    answer = () => HttpResponse.json({ data: [], next_cursor: null });
    const dialog = await openHistory();
    expect(await dialog.findByText('No movements yet')).toBeInTheDocument();
    expect(dialog.queryByRole('img')).not.toBeInTheDocument();
  });

  it('says when the history could not load, and tries again', async () => {
    answer = () => HttpResponse.json({ message: 'Internal error' }, { status: 500 });
    const dialog = await openHistory();
    expect(await dialog.findByText('Failed to load history')).toBeInTheDocument();
    answer = () => HttpResponse.json({ data: PAGE_1, next_cursor: null });
    await userEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(await dialog.findAllByTestId('movement-row')).toHaveLength(3);
  });

  it('keeps an edit in progress while the history is looked at', async () => {
    const dialog = await openHistory();
    await userEvent.click(dialog.getByRole('tab', { name: 'Details' }));
    await userEvent.clear(dialog.getByLabelText('Product Name'));
    await userEvent.type(dialog.getByLabelText('Product Name'), 'Alpine Tent');
    await userEvent.click(dialog.getByRole('tab', { name: 'History' }));
    await dialog.findAllByTestId('movement-row');
    await userEvent.click(dialog.getByRole('tab', { name: 'Details' }));
    expect(dialog.getByLabelText('Product Name')).toHaveValue('Alpine Tent');
  });

  it('shows a member the history alone, with no form to edit', async () => {
    renderDialog(false);
    const dialog = within(await screen.findByRole('dialog', { name: 'Alpine 2P Tent' }));
    expect(await dialog.findAllByTestId('movement-row')).toHaveLength(3);
    expect(dialog.queryByRole('tab')).not.toBeInTheDocument();
    expect(dialog.queryByLabelText('Product Name')).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });
});
