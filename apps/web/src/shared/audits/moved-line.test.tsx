import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { discrepancyLine } from '@/test/audits';
import { DiscrepancyTable } from './discrepancy-table';
import { movedText } from './moved-line';

// A count in a trading store (issue 48): a row where stock moved while it was counted says what the place held at
// the start, what moved, and what was expected when the product was counted; the note then says only what was off.

const SOLD = discrepancyLine(1, {
  expected_quantity: 7,
  found_quantity: 6,
  variance: -1,
  expected_at_start: 10,
  moved_during: -3,
  notes: '1 fewer than expected; 3 sold during the count',
});

describe('movedText', () => {
  it('says what the place held, what moved and what was expected when counted', () => {
    expect(movedText(SOLD)).toBe('10 at start · 3 sold during the count · expected 7 when counted');
  });

  it('is nothing where nothing moved, or for a row counted before movements were kept', () => {
    expect(movedText({ ...SOLD, moved_during: 0, expected_at_start: 7 })).toBeNull();
    expect(movedText({ ...SOLD, moved_during: null, expected_at_start: null })).toBeNull();
  });

  it('says the units when the note no longer says what moved (a recounted line)', () => {
    expect(movedText({ ...SOLD, notes: 'Recounted: 1 fewer than expected' })).toBe(
      '10 at start · −3 moved during the count · expected 7 when counted',
    );
    expect(movedText({ ...SOLD, moved_during: 5, notes: null })).toBe(
      '10 at start · +5 moved during the count · expected 7 when counted',
    );
  });
});

describe('DiscrepancyTable', () => {
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

  it('shows what moved under the row, and the note without it, on the table and the phone cards', () => {
    const still = discrepancyLine(2, {
      expected_quantity: 5,
      found_quantity: 4,
      variance: -1,
      expected_at_start: 5,
      moved_during: 0,
      notes: '1 fewer than expected',
    });
    render(<DiscrepancyTable rows={[SOLD, still]} isLoading={false} />);
    const [row, stillRow] = screen.getAllByTestId('discrepancy-row');
    const table = within(row as HTMLElement);
    expect(table.getByTestId('moved-during')).toHaveTextContent(
      '10 at start · 3 sold during the count · expected 7 when counted',
    );
    expect(table.getByText('1 fewer than expected')).toBeInTheDocument();
    expect(within(stillRow as HTMLElement).queryByTestId('moved-during')).not.toBeInTheDocument();
    const [card] = screen.getAllByTestId('discrepancy-card');
    expect(within(card as HTMLElement).getByTestId('moved-during')).toHaveTextContent(
      '10 at start · 3 sold during the count · expected 7 when counted',
    );
  });
});
