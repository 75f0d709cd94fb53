import { describe, expect, it } from 'vitest';
import { formatCount, formatPercent, formatUsd } from './format.ts';

describe('figures in the texts the server writes', () => {
  it('groups thousands as the web app shows them in en-US', () => {
    expect(formatCount(68871)).toBe('68,871');
    expect(formatCount(-1204)).toBe('-1,204');
    expect(formatCount(7)).toBe('7');
  });

  it('writes a percentage with at most two decimals', () => {
    expect(formatPercent(97.456)).toBe('97.46%');
    expect(formatPercent(70)).toBe('70%');
  });

  it('writes money in dollars with cents', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });
});
