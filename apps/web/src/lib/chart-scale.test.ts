import { describe, expect, it } from 'vitest';
import { percentAxis } from './chart-scale';

describe('percentAxis', () => {
  it('gives a 90-100 % band when every value is above 90 %, with a margin under the lowest', () => {
    expect(percentAxis([96, 99, 100, 91])).toEqual({ min: 90, max: 100 });
    expect(percentAxis([90, 97])).toEqual({ min: 80, max: 100 });
  });

  it('follows lower values down, never under 0, and ignores the gaps', () => {
    expect(percentAxis([72, null, 95, undefined])).toEqual({ min: 70, max: 100 });
    expect(percentAxis([70])).toEqual({ min: 60, max: 100 });
    expect(percentAxis([0, 50])).toEqual({ min: 0, max: 100 });
  });

  it('is 0-100 % with nothing to show', () => {
    expect(percentAxis([])).toEqual({ min: 0, max: 100 });
    expect(percentAxis([null])).toEqual({ min: 0, max: 100 });
  });
});
