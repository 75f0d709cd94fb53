import { REVIEW_MESSAGES } from '@quantics/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CountPolicyCard } from './count-policy-card';

// The count policy form checks its limits with the contracts' schema, and shows the server's refusal of one beside
// that limit (the answer names its field) instead of reading it out of the message.

let sent: unknown[] = [];
let refusal: { message: string; field?: string } | null = null;
const server = setupServer(
  http.get('/api/companies/9/count-policy', () =>
    HttpResponse.json({ approval_units: null, approval_value: null }),
  ),
  http.put('/api/companies/9/count-policy', async ({ request }) => {
    const body = await request.json();
    sent.push(body);
    return refusal ? HttpResponse.json(refusal, { status: 400 }) : HttpResponse.json(body);
  }),
  http.get('/api/reason-codes', () => HttpResponse.json([])),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent = [];
  refusal = null;
});
afterAll(() => server.close());

function renderCard() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <CountPolicyCard companyId={9} />
    </QueryClientProvider>,
  );
}

describe('the count policy form', () => {
  it('refuses a limit below 1 before sending, and sends empty boxes as no limit', async () => {
    renderCard();
    const units = await screen.findByLabelText('Over this many units on a line');
    await userEvent.type(units, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText(REVIEW_MESSAGES.policyNotPositive)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.clear(units);
    await userEvent.type(units, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await expect.poll(() => sent).toEqual([{ approval_units: 5, approval_value: null }]);
  });

  it("shows the server's refusal beside the field it names", async () => {
    refusal = { message: 'approval_value is over the limit the server allows', field: 'approval_value' };
    renderCard();
    await userEvent.type(await screen.findByLabelText('Over this value at cost on a line'), '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    const shown = await screen.findByText(refusal.message);
    expect(shown.closest('div')?.textContent).toContain('Over this value at cost on a line');
  });
});
