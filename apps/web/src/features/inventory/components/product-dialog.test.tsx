import { INVENTORY_MESSAGES, type TProduct } from '@quantics/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/app/auth-provider';
import { location } from '@/test/locations';
import { ProductDialog } from './product-dialog';

// The dialog's places (issue #47): one place looks as it always did, "Add another place" turns it into a list, and
// what is saved is `stock` for several places and today's fields for one.

const BACKROOM = location(1, 'Backroom');
const FLOOR = location(2, 'Sales Floor');
const ANNEX = location(3, 'Annex');

const product = (over: Partial<TProduct>): TProduct => ({
  id: 41,
  name: 'Alpine 2P Tent',
  sku: 'TENT2P',
  rfid_tag: 'TENT2P000000',
  epc: '54454E5432503030303030',
  tag_source: 'sku',
  gtin: null,
  description: null,
  category: null,
  vendor: null,
  unit_cost: 0,
  retail_price: 0,
  quantity: 4,
  min_stock_level: 0,
  location_id: BACKROOM.id,
  location: BACKROOM.name,
  stock: [{ location_id: BACKROOM.id, location: BACKROOM.name, quantity: 4 }],
  expiration_date: null,
  status: 'in-stock',
  last_scanned: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});
const IN_TWO = product({
  quantity: 9,
  stock: [
    { location_id: BACKROOM.id, location: BACKROOM.name, quantity: 4 },
    { location_id: FLOOR.id, location: FLOOR.name, quantity: 5 },
  ],
});

const sent: { method: string; body: Record<string, unknown> }[] = [];
const server = setupServer(
  http.get('/api/locations', () => HttpResponse.json([BACKROOM, FLOOR, ANNEX])),
  http.post('/api/inventory', async ({ request }) => {
    sent.push({ method: 'POST', body: (await request.json()) as Record<string, unknown> });
    return HttpResponse.json(product({}), { status: 201 });
  }),
  http.put('/api/inventory/41', async ({ request }) => {
    sent.push({ method: 'PUT', body: (await request.json()) as Record<string, unknown> });
    return HttpResponse.json(product({}));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

async function open(editing: TProduct | 'new') {
  const onOpenChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <ProductDialog product={editing} onOpenChange={onOpenChange} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  const dialog = await screen.findByRole('dialog');
  // The locations have come when the place's select offers them.
  await within(dialog).findAllByRole('option', { name: 'Sales Floor' });
  return { dialog: within(dialog), onOpenChange };
}

describe('ProductDialog places', () => {
  it('keeps a product in one place as today, and saves its location and quantity', async () => {
    const { dialog, onOpenChange } = await open(product({}));
    expect(dialog.getByLabelText('Location')).toHaveValue(String(BACKROOM.id));
    expect(dialog.getByLabelText('Quantity')).toHaveValue(4);
    expect(dialog.queryByTestId('place-row')).not.toBeInTheDocument();
    await userEvent.clear(dialog.getByLabelText('Quantity'));
    await userEvent.type(dialog.getByLabelText('Quantity'), '6');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ location_id: BACKROOM.id, quantity: 6 });
    expect(sent[0]?.body).not.toHaveProperty('stock');
  });

  it('turns one place into a list with "Add another place", totals it and saves stock', async () => {
    const { dialog } = await open(product({}));
    await userEvent.click(dialog.getByRole('button', { name: 'Add another place' }));
    // Today's fields give way to the list: the product's place first, then the first free location, focused.
    expect(dialog.queryByLabelText('Quantity')).not.toBeInTheDocument();
    expect(dialog.getAllByTestId('place-row')).toHaveLength(2);
    expect(dialog.getByLabelText('Location of place 1')).toHaveValue(String(BACKROOM.id));
    expect(dialog.getByLabelText('Quantity of place 1')).toHaveValue(4);
    expect(dialog.getByLabelText('Location of place 2')).toHaveValue(String(ANNEX.id));
    expect(dialog.getByLabelText('Location of place 2')).toHaveFocus();
    await userEvent.selectOptions(dialog.getByLabelText('Location of place 2'), 'Sales Floor');
    await userEvent.clear(dialog.getByLabelText('Quantity of place 2'));
    await userEvent.type(dialog.getByLabelText('Quantity of place 2'), '5');
    expect(dialog.getByTestId('places-total')).toHaveTextContent('9');

    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body.stock).toEqual([
      { location_id: BACKROOM.id, quantity: 4 },
      { location_id: FLOOR.id, quantity: 5 },
    ]);
    // Neither today's quantity (the API refuses both) nor a home: the server keeps the current one, still listed.
    expect(sent[0]?.body).not.toHaveProperty('quantity');
    expect(sent[0]?.body).not.toHaveProperty('location_id');
  });

  it('opens a product in two places as its list; removing one goes back to one place, saved as stock', async () => {
    const { dialog } = await open(IN_TWO);
    expect(dialog.getAllByTestId('place-row')).toHaveLength(2);
    expect(dialog.getByTestId('places-total')).toHaveTextContent('9');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove place 1' }));
    expect(dialog.queryByTestId('place-row')).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Location')).toHaveValue(String(FLOOR.id));
    expect(dialog.getByLabelText('Location')).toHaveFocus();
    expect(dialog.getByLabelText('Quantity')).toHaveValue(5);

    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // The server still holds two places: a bare quantity would be refused, so the one place goes as stock.
    expect(sent[0]?.body).toMatchObject({
      location_id: FLOOR.id,
      stock: [{ location_id: FLOOR.id, quantity: 5 }],
    });
    expect(sent[0]?.body).not.toHaveProperty('quantity');
  });

  it('removes a middle place of three and adds "no location" once every location is listed', async () => {
    const { dialog } = await open(IN_TWO);
    await userEvent.click(dialog.getByRole('button', { name: 'Add another place' }));
    expect(dialog.getByLabelText('Location of place 3')).toHaveValue(String(ANNEX.id));
    await userEvent.click(dialog.getByRole('button', { name: 'Add another place' }));
    expect(dialog.getByLabelText('Location of place 4')).toHaveValue('');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove place 2' }));
    expect(dialog.getAllByTestId('place-row')).toHaveLength(3);
    expect(dialog.getByLabelText('Location of place 2')).toHaveValue(String(ANNEX.id));
    expect(dialog.getByLabelText('Location of place 2')).toHaveFocus();
    expect(dialog.getByTestId('places-total')).toHaveTextContent('4');
  });

  it('refuses a place given twice and a quantity below 0, sending nothing', async () => {
    const { dialog } = await open(IN_TWO);
    await userEvent.selectOptions(dialog.getByLabelText('Location of place 2'), 'Backroom');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText(INVENTORY_MESSAGES.stockPlaceTwice)).toBeVisible();
    await userEvent.selectOptions(dialog.getByLabelText('Location of place 2'), 'Sales Floor');
    await userEvent.clear(dialog.getByLabelText('Quantity of place 2'));
    await userEvent.type(dialog.getByLabelText('Quantity of place 2'), '-1');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText(INVENTORY_MESSAGES.quantityInvalid)).toBeVisible();
    expect(dialog.queryByText(INVENTORY_MESSAGES.stockPlaceTwice)).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Quantity of place 2')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('adds a new product in one place with today’s fields', async () => {
    const { dialog } = await open('new');
    await userEvent.type(dialog.getByLabelText('Product Name'), 'Camp Stove');
    await userEvent.type(dialog.getByLabelText('SKU'), 'STOVE1');
    await userEvent.selectOptions(dialog.getByLabelText('Location'), 'Annex');
    await userEvent.clear(dialog.getByLabelText('Quantity'));
    await userEvent.type(dialog.getByLabelText('Quantity'), '3');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'POST', body: { location_id: ANNEX.id, quantity: 3 } });
    expect(sent[0]?.body).not.toHaveProperty('stock');
  });
});
