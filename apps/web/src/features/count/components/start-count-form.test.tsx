import type { TLocation, TUser } from '@quantics/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COUNT_TEXTS } from '../count-texts';
import { StartCountForm } from './start-count-form';

// The places come from the server: until they have, a tap on Start must not start a count of the whole catalogue.

const AISLE: TLocation = {
  id: 7,
  name: 'Aisle 3',
  description: null,
  parent_location_id: null,
  parent_name: null,
  children_count: 0,
  product_count: 4,
  path: 'Aisle 3',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};
/** The server's answer is held until the test lets it go (whether or not the request has arrived by then). */
let release: () => void = () => {};
const answered = new Promise<void>((resolve) => {
  release = resolve;
});
const server = setupServer(
  http.get('/api/locations', async () => {
    await answered;
    await delay(0);
    return HttpResponse.json([AISLE]);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const user: TUser = {
  id: 3,
  name: 'Alex',
  email: 'alex@example.com',
  role: 'operator',
  company: 'Acme',
  company_id: 9,
  inventory_type: 'manual',
  must_set_up_two_factor: false,
};

describe('StartCountForm', () => {
  it('says the locations are loading and waits to start until they have come, then starts at the one chosen', async () => {
    const onStart = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <StartCountForm
          user={user}
          deviceName="Alex's MC3300"
          prefix=""
          onPrefixChange={() => {}}
          onStart={onStart}
          isStarting={false}
        />
      </QueryClientProvider>,
    );
    const location = screen.getByLabelText('Location');
    expect(location).toBeDisabled();
    expect(location).toHaveAccessibleDescription(COUNT_TEXTS.loadingPlaces(false));
    expect(screen.queryByRole('option', { name: 'Whole catalogue' })).not.toBeInTheDocument();
    const start = screen.getByRole('button', { name: COUNT_TEXTS.loadingPlaces(false) });
    expect(start).toBeDisabled();
    await userEvent.click(start);
    expect(onStart).not.toHaveBeenCalled();

    release();
    const ready = await screen.findByRole('button', { name: 'Start count' });
    expect(location).toBeEnabled();
    await userEvent.selectOptions(location, 'Aisle 3');
    await userEvent.click(ready);
    expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ locationId: 7, scopeLabel: 'Aisle 3' }));
  });
});
