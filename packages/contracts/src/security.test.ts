import { describe, expect, it } from 'vitest';
import { ZUpdateCompanyRequest } from './companies.ts';
import {
  describeUserAgent,
  parseSessionId,
  sameBrowser,
  sessionId,
  ZSecurityLogQuery,
  ZSessionIdParam,
} from './security.ts';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const CHROME_MAC_NEWER = CHROME_MAC.replace('120.0.0.0', '121.0.6167.85');
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

describe('user agents', () => {
  it('names the browser and system as people say them', () => {
    expect(describeUserAgent(CHROME_MAC).label).toBe('Chrome 120 on macOS');
    expect(describeUserAgent(FIREFOX_WINDOWS).label).toBe('Firefox 121 on Windows');
    expect(describeUserAgent(null).label).toBe('Unknown browser');
    expect(describeUserAgent('curl/8.5.0').label).toMatch(/curl/i);
  });

  it('counts a newer version of the same browser as the same browser', () => {
    expect(sameBrowser(CHROME_MAC, CHROME_MAC_NEWER)).toBe(true);
    expect(sameBrowser(CHROME_MAC, FIREFOX_WINDOWS)).toBe(false);
    expect(sameBrowser(null, CHROME_MAC)).toBe(false);
  });
});

describe('session ids', () => {
  it('name their kind and round-trip', () => {
    expect(sessionId('browser', 12)).toBe('session-12');
    expect(parseSessionId(sessionId('print_utility', 3))).toEqual({ kind: 'print_utility', n: 3 });
    for (const ok of ['session-1', 'utility-2147483647'])
      expect(ZSessionIdParam.safeParse({ id: ok }).success).toBe(true);
    for (const bad of ['12', 'session-0', 'session-01', 'utility-2147483648', 'device-3', 'session-1x']) {
      expect(ZSessionIdParam.safeParse({ id: bad }).success, bad).toBe(false);
    }
  });
});

describe('requests', () => {
  it('takes a name, the policy, or both, and nothing else', () => {
    expect(ZUpdateCompanyRequest.parse({ require_two_factor: true })).toEqual({ require_two_factor: true });
    expect(ZUpdateCompanyRequest.parse({ name: ' North ' })).toEqual({ name: 'North' });
    expect(ZUpdateCompanyRequest.safeParse({}).success).toBe(false);
    expect(ZUpdateCompanyRequest.safeParse({ require_two_factor: 'yes' }).success).toBe(false);
  });

  it('reads the log between two real days in order', () => {
    expect(ZSecurityLogQuery.safeParse({ from: '2024-05-01', to: '2024-05-31' }).success).toBe(true);
    expect(ZSecurityLogQuery.safeParse({ from: '2024-05-31', to: '2024-05-01' }).success).toBe(false);
    expect(ZSecurityLogQuery.safeParse({ from: '2024-02-30' }).success).toBe(false);
  });
});
