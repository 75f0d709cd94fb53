import type { TMetrcShipment } from '@quantics/contracts';
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MetrcPackages } from './metrc-packages';

// A Metrc manifest's packages on the shipment page (issue 51): what to accept or reject in Metrc, not only in the CSV.

const manifest: TMetrcShipment = {
  manifest_number: '0000070001',
  transfer_id: 70001,
  shipper_license: 'C11-0000002-LIC',
  packages_read: 2,
  packages_to_reject: 1,
  packages: [
    {
      label: '1A4FF0300000515000000001',
      item: 'Blue Dream 3.5g',
      category: 'Flower',
      shipped: 12,
      unit: 'Each',
      read: true,
      received: 12,
      shortfall: 0,
      action: 'accept',
    },
    {
      label: '1A4FF0300000515000000002',
      item: 'Shake',
      category: null,
      shipped: 453.6,
      unit: 'Grams',
      read: true,
      received: 400,
      shortfall: 53.6,
      action: 'accept',
    },
    {
      label: '1A4FF0300000515000000003',
      item: 'Gummies 10pk',
      category: null,
      shipped: 5,
      unit: 'Each',
      read: false,
      received: 0,
      shortfall: 5,
      action: 'reject',
    },
  ],
};

describe('the Metrc packages of a shipment', () => {
  // jsdom has no ResizeObserver; the table's scroll area only asks it whether to show its edge shadows.
  beforeAll(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });

  it('once received, says per package what to accept or reject, with the quantities', () => {
    render(<MetrcPackages metrc={manifest} received />);
    expect(screen.getByRole('heading', { name: 'Metrc manifest 0000070001' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'From license C11-0000002-LIC. 2 of 3 packages read. In Metrc, accept 2 and reject 1, with the quantities below.',
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Metrc packages' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Blue Dream 3.5g1A4FF030000051500000000112 Each12— Accept',
      'Shake1A4FF0300000515000000002453.6 Grams40053.6 Accept',
      'Gummies 10pk1A4FF03000005150000000035 Each05 Reject',
    ]);
  });

  it('before it is received, lists the packages as expected, with no decision', () => {
    render(<MetrcPackages metrc={{ ...manifest, packages_read: 0 }} received={false} />);
    expect(
      screen.getByText(
        'From license C11-0000002-LIC. 3 packages. Once received, this says which to accept or reject in Metrc.',
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Metrc packages' });
    expect(within(table).getAllByText('Expected')).toHaveLength(3);
    expect(within(table).queryByText('Accept')).toBeNull();
    expect(within(table).queryByText('Reject')).toBeNull();
  });
});
