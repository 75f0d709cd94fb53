import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COUNT_TEXTS } from '../count-texts';
import { NumberPad } from './number-pad';

// The quantity pad of "Scan, then enter quantity": a scanner typing the next barcode into it (keys a few
// milliseconds apart, then Enter) is refused, and the quantity typed after it is taken.
const key = (k: string) =>
  act(() => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
  });

describe('NumberPad', () => {
  it('refuses a barcode typed into it by a scanner', () => {
    const onSubmit = vi.fn();
    render(<NumberPad onSubmit={onSubmit} onCancel={() => {}} />);
    for (const k of [...'012345678905', 'Enter']) key(k);
    expect(screen.getByRole('alert')).toHaveTextContent(COUNT_TEXTS.padScanned);
    expect(screen.getByTestId('pad-value')).toHaveTextContent('0');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes the quantity typed at once after a refused scan: the scan ended at its Enter', () => {
    const onSubmit = vi.fn();
    render(<NumberPad onSubmit={onSubmit} onCancel={() => {}} />);
    // The scan, then "3" and Enter within a few milliseconds of it (as a test's keyboard types on a fast machine).
    for (const k of [...'012345678905', 'Enter', '3', 'Enter']) key(k);
    expect(onSubmit).toHaveBeenCalledWith(3);
  });

  it('takes a quantity and Enter typed at once: too few keys for a scan', () => {
    const onSubmit = vi.fn();
    render(<NumberPad onSubmit={onSubmit} onCancel={() => {}} />);
    key('1');
    key('2');
    key('Enter');
    expect(onSubmit).toHaveBeenCalledWith(12);
  });
});
