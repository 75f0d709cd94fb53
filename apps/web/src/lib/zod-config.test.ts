import { describe, expect, it } from 'vitest';
import { configureZodWithoutEval } from './zod-config';

describe('zod configured before it loads', () => {
  it('takes jitless from the global set by the first page, so it never probes for eval under the CSP', async () => {
    configureZodWithoutEval();
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    expect(z.config()).toBe(globalThis.__zod_globalConfig);
  });
});
