import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The server keeps Tallie's trained intent model in its DATA_DIR, so a restart need not train it again. */
let t: TestApp;
let a: Tenant;
const dataDir = mkdtempSync(join(tmpdir(), 'quantics-data-'));

beforeAll(async () => {
  t = await createTestApp({ dataDir });
  a = await createTenant(t, 'Model cache');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("Tallie's intent model", () => {
  it('is written to DATA_DIR when the first question is answered', async () => {
    expect(readdirSync(dataDir).filter((f) => f.startsWith('tallie-model-'))).toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chatbot',
      headers: bearer(a.member.token),
      payload: { messages: [{ role: 'user', content: 'how do I print rfid labels' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().suggestions).toBeUndefined();
    expect(res.json().response).toMatch(/label/i);
    const [file, ...others] = readdirSync(dataDir).filter((f) => f.startsWith('tallie-model-'));
    expect(others).toEqual([]);
    expect(file).toMatch(/^tallie-model-[0-9a-f]{16}\.json$/);
    const model = JSON.parse(readFileSync(join(dataDir, file as string), 'utf8'));
    expect(model.nluManager).toBeDefined();
  });
});
