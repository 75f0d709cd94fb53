import { describe, expect, it } from 'vitest';
import {
  API_KEY_MESSAGES,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPE_NAMES,
  ZCreateApiKeyRequest,
} from './api-keys.ts';

const firstMessage = (body: unknown) => {
  const parsed = ZCreateApiKeyRequest.safeParse(body);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('API key requests', () => {
  it('takes a trimmed name and a set of known scopes', () => {
    expect(ZCreateApiKeyRequest.parse({ name: '  Till 1 ', scopes: ['movements:write'] })).toEqual({
      name: 'Till 1',
      scopes: ['movements:write'],
    });
    expect(ZCreateApiKeyRequest.parse({ name: 'ERP', scopes: [...API_KEY_SCOPE_NAMES] }).scopes).toHaveLength(
      API_KEY_SCOPE_NAMES.length,
    );
  });

  it.each([
    [{ scopes: ['inventory:read'] }, API_KEY_MESSAGES.nameRequired],
    [{ name: '   ', scopes: ['inventory:read'] }, API_KEY_MESSAGES.nameRequired],
    [{ name: 42, scopes: ['inventory:read'] }, API_KEY_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(101), scopes: ['inventory:read'] }, API_KEY_MESSAGES.nameTooLong],
    [{ name: 'Till' }, API_KEY_MESSAGES.scopesNotList],
    [{ name: 'Till', scopes: 'inventory:read' }, API_KEY_MESSAGES.scopesNotList],
    [{ name: 'Till', scopes: [] }, API_KEY_MESSAGES.scopesRequired],
    [{ name: 'Till', scopes: ['inventory:delete'] }, API_KEY_MESSAGES.scopeUnknown],
    [{ name: 'Till', scopes: [7] }, API_KEY_MESSAGES.scopeUnknown],
    [{ name: 'Till', scopes: ['inventory:read', 'inventory:read'] }, API_KEY_MESSAGES.scopesRepeated],
    [{ name: 'Till', scopes: Array(6).fill('inventory:read') }, API_KEY_MESSAGES.scopesRepeated],
  ])('refuses %j: %s', (body, message) => {
    expect(firstMessage(body)).toBe(message);
  });

  it('labels every scope', () => {
    expect(Object.keys(API_KEY_SCOPE_LABELS).sort()).toEqual([...API_KEY_SCOPE_NAMES].sort());
  });
});
