import { describe, expect, it } from 'vitest';

/**
 * The web app's layers point one way (Bulletproof React): app/ composes features; a feature imports nothing of another
 * (apps/server/src/test/architecture.test.ts); components/, lib/ and shared/ import no feature and nothing of the app,
 * so a piece two features need is moved down, never reached across or up for. A page made of several features (the
 * Audits page with its plans and reviews) is put together in app/.
 */
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Where an import (or a glob's key, relative to this file) lands under src/ ('features/plans/...'); null: a package. */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (!specifier.startsWith('.')) return null;
  const parts = file.split('/').slice(0, -1);
  for (const step of specifier.split('/')) {
    if (step === '..') parts.pop();
    else if (step !== '.') parts.push(step);
  }
  return parts.join('/');
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(IMPORT)]
    .map((m) => target(file, m[1] ?? m[2] ?? ''))
    .filter((t): t is string => t !== null);
}

const LOWER = ['components/', 'lib/', 'shared/'];
const UPPER = ['features/', 'app/'];

describe('the web layers', () => {
  it('reads the whole app', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    expect(importsOf('app/audits-route.tsx', SOURCES['./audits-route.tsx'] ?? '')).toContain(
      'features/plans/components/plans-tab',
    );
  });

  it('components/, lib/ and shared/ import no feature and nothing of the app', () => {
    const upward = Object.entries(SOURCES).flatMap(([key, text]) => {
      const file = target('app/layers.test.ts', key) ?? key;
      if (!LOWER.some((l) => file.startsWith(l))) return [];
      return importsOf(file, text)
        .filter((t) => UPPER.some((u) => t.startsWith(u)))
        .map((t) => `${file} -> ${t}`);
    });
    expect(upward).toEqual([]);
  });
});
