import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatCount } from '@/lib/format';
import { discrepancyLine } from '@/test/audits';
import { DiscrepancyTable } from './discrepancy-table';
import { movedText, noteOf } from './moved-line';

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

describe("a note's figures (issue 54)", () => {
  // The server writes a note with plain figures, as a CSV has them; the screen shows them in the reader's locale.
  const BIG = discrepancyLine(3, {
    expected_quantity: 70_000,
    found_quantity: 2329,
    variance: -67_671,
    expected_at_start: 71_200,
    moved_during: -1200,
    notes: '67671 fewer than expected; 1200 sold, 15 received during the count',
  });

  it('formats the units off and what moved, in shortages and overages', () => {
    expect(noteOf(BIG)).toBe(`${formatCount(67_671)} fewer than expected`);
    expect(noteOf(BIG)).not.toContain('67671');
    expect(movedText(BIG)).toBe(
      `${formatCount(71_200)} at start · ${formatCount(1200)} sold, 15 received during the count · expected ${formatCount(70_000)} when counted`,
    );
    expect(
      noteOf({
        ...BIG,
        expected_at_start: null,
        moved_during: null,
        notes: 'Recounted: 5432 more than expected',
        discrepancy_type: 'overage',
      }),
    ).toBe(`Recounted: ${formatCount(5432)} more than expected`);
    expect(
      noteOf({
        ...BIG,
        expected_at_start: null,
        moved_during: null,
        notes: 'Received 1500 fewer than shipped',
      }),
    ).toBe(`Received ${formatCount(1500)} fewer than shipped`);
  });

  it("leaves a tag's, a GTIN's or a code's digits as written", () => {
    const unknown = discrepancyLine(4, {
      discrepancy_type: 'unknown',
      product_id: null,
      notes: 'Unknown GS1-128: GTIN 80614141123458, serial 6789 matches no product',
    });
    expect(noteOf(unknown)).toBe('Unknown GS1-128: GTIN 80614141123458, serial 6789 matches no product');
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
