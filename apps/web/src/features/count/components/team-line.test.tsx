import type { TAuditProgress } from '@quantics/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TeamLine } from './team-line';

// Two handhelds on one count (issue 49). On a receipt the count's place totals (the dock's stock) are not the
// shipment's: the receiving view below has "units received of shipped", so the line only names who reads.
const progress: TAuditProgress = {
  status: 'in_progress',
  units_found: 0,
  units_expected: 198,
  participants: [
    {
      device_id: 1,
      device_name: 'Dock phone',
      person: 'Alex Morgan',
      reads: 4,
      units: 4,
      last_read_at: null,
      finished: false,
    },
    {
      device_id: 2,
      device_name: 'Receiving phone',
      person: 'Sam Lee',
      reads: 3,
      units: 3,
      last_read_at: null,
      finished: false,
    },
  ],
  places: [],
};

describe('TeamLine', () => {
  it('shows a count’s units found of expected and the others’ units', () => {
    render(<TeamLine progress={progress} deviceId={1} isBlind={false} />);
    expect(screen.getByTestId('team-units')).toHaveTextContent('0 of 198 units');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByTestId('team-member')).toHaveTextContent('Sam Lee 3 units');
  });

  it('on a receipt names who reads, without the place totals', () => {
    render(<TeamLine progress={progress} deviceId={1} isBlind={false} isReceipt />);
    expect(screen.getByText('Team count · 2 readers')).toBeInTheDocument();
    expect(screen.queryByTestId('team-units')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('team-member')).toHaveTextContent('Sam Lee 3 units');
  });

  it('names a person reading with two handhelds by each handheld too', () => {
    const twice: TAuditProgress = {
      ...progress,
      participants: [
        ...progress.participants,
        {
          ...progress.participants[1],
          device_id: 3,
          device_name: 'Back room phone',
          units: 5,
        } as TAuditProgress['participants'][number],
      ],
    };
    render(<TeamLine progress={twice} deviceId={1} isBlind={false} />);
    expect(screen.getAllByTestId('team-member').map((li) => li.textContent)).toEqual([
      'Sam Lee · Receiving phone 3 units',
      'Sam Lee · Back room phone 5 units',
    ]);
  });
});
