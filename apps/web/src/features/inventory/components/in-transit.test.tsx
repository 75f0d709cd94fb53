import type { TInTransit } from '@quantics/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { InTransitList, InTransitNote, inTransitUnits } from './in-transit';

// Units on transfers sent and not received yet (issue 51): the list's "N in transit" and the dialog's transfers.

const transfer = (over: Partial<TInTransit>): TInTransit => ({
  shipment_id: 7,
  reference: 'TR-7',
  from_location_id: 1,
  from: 'Harbor Store',
  to_location_id: 2,
  to: 'Uptown Store',
  quantity: 4,
  sent_at: '2026-11-28T10:00:00.000Z',
  ...over,
});

describe('units in transit', () => {
  it('adds up the transfers under way, and shows nothing when there are none', () => {
    const product = {
      in_transit: [transfer({}), transfer({ shipment_id: 8, reference: 'TR-8', quantity: 1200 })],
    };
    expect(inTransitUnits(product)).toBe(1204);
    const { container, rerender } = render(<InTransitNote product={product} />);
    expect(screen.getByText('1,204 in transit')).toBeInTheDocument();
    expect(container.querySelector('[title]')?.getAttribute('title')).toBe(
      'TR-7: 4 from Harbor Store to Uptown Store\nTR-8: 1,200 from Harbor Store to Uptown Store',
    );
    rerender(<InTransitNote product={{}} />);
    expect(screen.queryByText(/in transit/)).toBeNull();
    rerender(<InTransitNote product={{ in_transit: [] }} />);
    expect(screen.queryByText(/in transit/)).toBeNull();
  });

  it('lists each transfer from where to where, opening its shipment', () => {
    render(
      <MemoryRouter>
        <InTransitList
          product={{
            in_transit: [
              transfer({}),
              transfer({ shipment_id: 9, reference: 'TR-9', quantity: 1, to: null }),
            ],
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: '5 in transit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'TR-7' })).toHaveAttribute('href', '/shipments?shipment=7');
    expect(screen.getByText(/Harbor Store → Uptown Store/)).toBeInTheDocument();
    expect(screen.getByText(/Harbor Store → a deleted location/)).toBeInTheDocument();
    expect(screen.getByText('1 unit', { exact: false })).toBeInTheDocument();
  });
});
