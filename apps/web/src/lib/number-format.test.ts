import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHandFormattedNumbers } from '@/test/hand-formatted-numbers';
import { formatBytes, formatCount, formatPercent, formatSignedCount, formatUsd } from './format';

const SRC = join(__dirname, '..');
/** Where screens live; lib/format.ts is the one place allowed to format. */
const ROOTS = ['features', 'shared', 'components'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the one number formatter (issue 54)', () => {
  it('formats counts, money, percentages and changes in the locale, one formatter per kind', () => {
    expect(formatCount(68871)).toBe((68871).toLocaleString());
    expect(formatCount(3003)).toBe(formatCount(3003.4));
    expect(formatUsd(1234.5)).toBe(
      new Intl.NumberFormat(undefined, {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
      }).format(1234.5),
    );
    expect(formatPercent(97)).toBe(new Intl.NumberFormat(undefined, { style: 'percent' }).format(0.97));
    expect(formatPercent(97.54, 1)).toMatch(/97[.,]5/);
    expect(formatSignedCount(-35)).toMatch(/^\u221235$/);
    expect(formatSignedCount(1200)).toMatch(/^\+1.?200$/);
    expect(formatSignedCount(0)).toBe('0');
    expect(formatBytes(1536)).toMatch(/^1[.,]5 KB$/);
  });

  it('no screen formats a number by hand', () => {
    const findings = ROOTS.flatMap((root) =>
      sourceFiles(join(SRC, root)).flatMap((file) =>
        findHandFormattedNumbers(file, readFileSync(file, 'utf8')).map(
          (f) => `${relative(SRC, file)}:${f.line}: ${f.why}: ${f.text}`,
        ),
      ),
    );
    expect(findings, 'format numbers with lib/format.ts (formatCount, formatUsd, formatPercent...)').toEqual(
      [],
    );
  });

  it('catches a planted example of each kind, and lets dates, paths and class names be', () => {
    const planted = `
      export function Planted({ total, audit, row, started }: Props) {
        const label = \`\${total} units\`;
        const share = (audit.accuracy / 100).toFixed(1);
        const asText = String(row.units_found);
        const money = new Intl.NumberFormat('en-US').format(row.cost);
        const when = new Date(started).toLocaleString();
        const at = row.created_at.toLocaleString();
        return (
          <p className={\`w-\${total}\`} title={\`\${row.items.length} items\`}>
            <a href={\`/api/audits/\${audit.id}\`}>{row.quantity.toLocaleString()} {label}</a>
            {audit.tags_found.toString()} {share} {asText} {money} {when} {at} {row.expected}
          </p>
        );
      }`;
    const whys = findHandFormattedNumbers('planted.tsx', planted).map((f) => f.why);
    expect(whys).toEqual([
      'total interpolated into text',
      '.toFixed()',
      'String() of a number',
      'an Intl.NumberFormat of its own',
      'row.items.length interpolated into text',
      '.toLocaleString() on a number',
      '.toString() on a number',
      'row.expected rendered as is',
    ]);
  });
});
