import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCount } from '@/lib/format';
import type { CountView } from '../lib/count-session';
import { movedWords } from '../lib/moved-words';
import { CountFigures } from './count-figures';
import { ToFindList } from './to-find-list';

// A count in a trading store (issue 48): when stock moved during it, the Count screen's expected figure is the
// portal's (each product as of its first read) and it says what moved; where nothing moved it looks as before.

const VIEW = {
  found: 1,
  expected: 4,
  misplaced: 0,
  unknown: 0,
  waiting: 0,
  ignored: 0,
  packages: null,
} as unknown as CountView;

const NOTHING = { sold: 0, returned: 0, received: 0, transferred: 0, adjusted: 0 };

describe('movedWords', () => {
  it('says what moved in the reconciliation’s words, with the figures formatted', () => {
    expect(movedWords({ ...NOTHING, sold: 3 })).toBe('3 sold during the count');
    expect(movedWords({ sold: 1200, returned: 1, received: 24, transferred: -2, adjusted: 5 })).toBe(
      `${formatCount(1200)} sold, 1 returned, 24 received, 2 moved out, 5 adjusted up during the count`,
    );
    expect(movedWords({ ...NOTHING, transferred: 4, adjusted: -1 })).toBe(
      '4 moved in, 1 adjusted down during the count',
    );
    expect(movedWords(NOTHING)).toBeNull();
  });
});

describe('CountFigures in a trading store', () => {
  it('shows the sheet’s expected and no line about moves when nothing moved', () => {
    render(<CountFigures view={VIEW} isBlind={false} />);
    expect(screen.getByTestId('count-expected')).toHaveTextContent('4');
    expect(screen.queryByTestId('count-moved')).toBeNull();
  });

  it('shows the portal’s expected so far and what sold', () => {
    render(
      <CountFigures view={VIEW} isBlind={false} live={{ expected: 2, moved: { ...NOTHING, sold: 3 } }} />,
    );
    expect(screen.getByTestId('count-expected')).toHaveTextContent('2');
    expect(screen.getByTestId('count-moved')).toHaveTextContent('3 sold during the count.');
    expect(screen.getByText('50%')).toBeInTheDocument();
  });

  it('says nothing of expected in a blind count', () => {
    render(<CountFigures view={VIEW} isBlind live={{ expected: 2, moved: { ...NOTHING, sold: 3 } }} />);
    expect(screen.queryByTestId('count-expected')).toBeNull();
    expect(screen.queryByTestId('count-moved')).toBeNull();
  });
});

describe('a recount’s short list', () => {
  it('says what moved beside a product’s expected figure', () => {
    render(
      <ToFindList
        rows={[
          {
            sku: 'TENT',
            name: 'Tent',
            place: 'Store',
            expected: 7,
            found: 2,
            isFound: false,
            moved: { ...NOTHING, sold: 3 },
          },
          { sku: 'MUG', name: 'Mug', place: 'Store', expected: 4, found: 4, isFound: true, moved: null },
        ]}
      />,
    );
    const rows = screen.getAllByTestId('to-find-row');
    expect(rows[0]).toHaveTextContent('3 sold during the count');
    expect(rows[0]).toHaveTextContent('2 / 7');
    expect(rows[1]).not.toHaveTextContent('during the count');
  });
});
