import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findTextProblem, jsonTextIsClean, multiline, multilinePaths, textProblem } from './text.ts';

describe('textProblem', () => {
  it('accepts every real character', () => {
    for (const text of ['Zoë', '北京', 'مخزن \u200f', '👩‍👩‍👧', 'a\u0301', '', ' spaced ']) {
      expect(textProblem(text), text).toBeUndefined();
    }
  });

  it('refuses controls, direction overrides and unpaired surrogates', () => {
    expect(textProblem('a\u0000b')).toBe('contains a character that is not allowed (U+0000)');
    expect(textProblem('a\u001fb')).toBe('contains a character that is not allowed (U+001F)');
    expect(textProblem('a\u007f')).toBe('contains a character that is not allowed (U+007F)');
    expect(textProblem('a\u009f')).toBe('contains a character that is not allowed (U+009F)');
    expect(textProblem('a\u202eb')).toBe('contains a character that is not allowed (U+202E)');
    expect(textProblem('a\u2069b')).toBe('contains a character that is not allowed (U+2069)');
    expect(textProblem('a\ud800b')).toBe('contains an invalid character (an unpaired surrogate)');
    expect(textProblem('a\udc00')).toBe('contains an invalid character (an unpaired surrogate)');
  });

  it('allows tab and line breaks in multi-line text only', () => {
    expect(textProblem('a\nb')).toBe('contains a character that is not allowed (U+000A)');
    expect(textProblem('a\tb')).toBe('contains a character that is not allowed (U+0009)');
    expect(textProblem('a\r\n\tb', true)).toBeUndefined();
    expect(textProblem('a\u0000b', true)).toBe('contains a character that is not allowed (U+0000)');
  });
});

describe('multilinePaths and findTextProblem', () => {
  const schema = z.object({
    name: z.string(),
    notes: multiline(z.string().trim().optional()),
    lines: z.array(z.object({ text: multiline(z.string()), code: z.string() })),
    meta: multiline(z.record(z.string(), z.unknown())).optional(),
  });

  it('finds the marked fields through optional, arrays and records', () => {
    expect(multilinePaths(schema).sort()).toEqual(['lines.*.text', 'meta', 'notes']);
    expect(multilinePaths(undefined)).toEqual([]);
  });

  it('names the first field that breaks the rule, nested fields and keys included', () => {
    const paths = multilinePaths(schema);
    expect(findTextProblem({ name: 'ok', notes: 'a\nb', lines: [{ text: 'x\ny', code: 'c' }] }, paths)).toBe(
      undefined,
    );
    expect(findTextProblem({ name: 'a\nb' }, paths)).toBe(
      'name contains a character that is not allowed (U+000A)',
    );
    expect(findTextProblem({ lines: [{ text: 'ok', code: 'a\tb' }] }, paths)).toBe(
      'lines.0.code contains a character that is not allowed (U+0009)',
    );
    expect(findTextProblem({ meta: { deep: ['x\ny', 'z\u0000'] } }, paths)).toBe(
      'meta.deep.1 contains a character that is not allowed (U+0000)',
    );
    expect(findTextProblem({ meta: { 'k\u0000': 1 } }, paths)).toBe(
      'A field name in meta contains a character that is not allowed (U+0000)',
    );
    expect(findTextProblem('x\u0000')).toBe('value contains a character that is not allowed (U+0000)');
    expect(findTextProblem({ n: 1, b: true, z: null })).toBeUndefined();
  });

  it('walks a body nested far deeper than the call stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(findTextProblem(deep)).toMatch(
      /^…[0.]{120} contains a character that is not allowed \(U\+0000\)$/,
    );
  });
});

describe('jsonTextIsClean', () => {
  it('never passes a JSON text with a string the rule refuses, as a value or a key, however it is written', () => {
    let refused = 0;
    for (let code = 0; code <= 0xffff; code++) {
      const ch = String.fromCharCode(code);
      for (const body of [{ name: `a${ch}b` }, { [`k${ch}`]: 1 }, [[`${ch}`]]]) {
        if (findTextProblem(body) === undefined) continue;
        refused += 1;
        const compact = JSON.stringify(body);
        expect(jsonTextIsClean(compact), `U+${code.toString(16)} in ${compact}`).toBe(false);
        // Written raw where JSON allows it (a client need not escape it): still not clean.
        if (code >= 0x20 && code !== 0x22 && code !== 0x5c) {
          expect(jsonTextIsClean(compact.replace(/\\u[0-9a-f]{4}/g, ch))).toBe(false);
        }
      }
    }
    // Each of the three bodies, once per refused UTF-16 unit: 71 control and bidi characters, tab, LF and CR
    // (single-line everywhere here), and the 2,048 lone surrogates. None skipped, so the loop checked them all.
    expect(refused).toBe(3 * (71 + 3 + 2048));
  });

  it("passes a reader's batch of plain text, so it needs no walk", () => {
    const reads = Array.from({ length: 500 }, (_, i) => ({
      epc: `3074257BF7194E40000${String(i).padStart(5, '0')}`,
      rssi: -41.5,
      seen_at: '2026-11-26T10:00:00.000Z',
    }));
    expect(jsonTextIsClean(JSON.stringify({ batch_seq: 0, reads }))).toBe(true);
    expect(jsonTextIsClean(JSON.stringify({ name: 'Café Zürich, 東京 – ok' }))).toBe(true);
  });
});
