import { expect } from 'vitest';
import { bearer } from './factories.ts';
import type { Tenant } from './tenants.ts';
import type { TestApp } from './test-app.ts';

// API keys' part of the isolation suite: A has a key; B's admin goes after it, and B's own key after A's product.

type World = { a: Tenant; b: Tenant; aProductId: number };
type Probe = (w: World) => Promise<void>;

export function apiKeyProbes(getT: () => TestApp): Record<string, Probe> {
  let aKey: { id: number; key: string } | undefined;
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    getT().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const ensureKey = async (w: World) => {
    if (aKey) return aKey;
    const res = await call(w.a.admin.token, 'POST', '/api/api-keys', {
      name: 'A secret till',
      scopes: ['inventory:read'],
    });
    expect(res.statusCode).toBe(201);
    aKey = res.json();
    return aKey as { id: number; key: string };
  };
  const aKeys = async (w: World) => (await call(w.a.admin.token, 'GET', '/api/api-keys')).json().data;

  return {
    'GET /api/api-keys': async (w) => {
      await ensureKey(w);
      const list = await call(w.b.admin.token, 'GET', '/api/api-keys');
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain('A secret till');
    },
    'POST /api/api-keys': async (w) => {
      // B's key is B's: A's list does not change, and it reads nothing of A's.
      await ensureKey(w);
      const before = await aKeys(w);
      const made = await call(w.b.admin.token, 'POST', '/api/api-keys', {
        name: 'B till',
        scopes: ['inventory:read', 'inventory:write'],
      });
      expect(made.statusCode).toBe(201);
      expect(await aKeys(w)).toEqual(before);
      const bKey = made.json().key as string;
      expect((await call(bKey, 'GET', `/api/inventory/${w.aProductId}`)).statusCode).toBe(404);
      expect((await call(bKey, 'DELETE', `/api/inventory/${w.aProductId}`)).statusCode).toBe(404);
      expect((await call(w.a.admin.token, 'GET', `/api/inventory/${w.aProductId}`)).statusCode).toBe(200);
    },
    'DELETE /api/api-keys/:id': async (w) => {
      const key = await ensureKey(w);
      const res = await call(w.b.admin.token, 'DELETE', `/api/api-keys/${key.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/not found/i);
      expect((await aKeys(w)).find((k: { id: number }) => k.id === key.id)?.revoked_at).toBeNull();
      expect((await call(key.key, 'GET', `/api/inventory/${w.aProductId}`)).statusCode).toBe(200);
    },
  };
}
