import type { TOpenCount } from '@quantics/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OpenCountsList } from './open-counts-list';

// Team counts (issue 49): the Count screen lists the counts in progress to join; this handheld's own is resumed.

const count = (id: number, participants: TOpenCount['participants']): TOpenCount => ({
  id,
  name: `Count ${id}`,
  location_id: 4,
  place: 'Store',
  started_by: 'Ann Lee',
  started_at: '2026-11-29T10:00:00.000Z',
  audit_type: null,
  ends_at: null,
  participants,
});
const ann = { device_id: 1, device_name: 'Ann TC52', person: 'Ann Lee', finished: false };

describe('OpenCountsList', () => {
  it('shows where, who started it and who counts; Join for another count, Resume for its own, none once finished', async () => {
    const onJoin = vi.fn();
    const counts = [
      count(7, [ann, { device_id: 2, device_name: 'Back room R700', person: null, finished: true }]),
      count(8, [ann, { device_id: 3, device_name: 'Bob TC52', person: 'Bob Diaz', finished: false }]),
      count(9, [ann, { device_id: 3, device_name: 'Bob TC52', person: 'Bob Diaz', finished: true }]),
    ];
    render(<OpenCountsList counts={counts} deviceId={3} onJoin={onJoin} isBusy={false} isOnline />);
    const rows = screen.getAllByTestId('open-count');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Store · started by Ann Lee');
    expect(rows[0]).toHaveTextContent('Counting: Ann Lee · Ann TC52, Back room R700 (finished)');
    await userEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Join Count 7' }));
    expect(onJoin).toHaveBeenCalledWith(counts[0]);
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Resume Count 8' })).toBeEnabled();
  });

  it('cannot join with no connection, and shows nothing when no count is in progress', () => {
    const { rerender } = render(
      <OpenCountsList
        counts={[count(7, [ann])]}
        deviceId={3}
        onJoin={() => {}}
        isBusy={false}
        isOnline={false}
      />,
    );
    expect(screen.getByRole('button', { name: 'Join Count 7' })).toBeDisabled();
    rerender(<OpenCountsList counts={[]} deviceId={3} onJoin={() => {}} isBusy={false} isOnline />);
    expect(screen.queryByTestId('open-counts')).toBeNull();
  });
});
