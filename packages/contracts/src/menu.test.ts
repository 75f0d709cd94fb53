import { describe, expect, it } from 'vitest';
import { hasRole, normalizeRole } from './common.ts';
import { menuFor, pageTitle } from './menu.ts';

const labels = (role: Parameters<typeof menuFor>[0], type: Parameters<typeof menuFor>[1] = 'manual') =>
  menuFor(role, type).map((m) => m.label);

describe('menuFor', () => {
  it('gives admins every item in the spec order', () => {
    expect(labels('admin')).toEqual([
      'Dashboard',
      'Tallie Chat',
      'Audits',
      'Count',
      'Devices',
      'Inventory',
      'Locations',
      'Print Labels',
      'Reports',
      'Team',
      'Company',
      'Settings',
    ]);
  });

  it('gives operators everything but Team and Settings', () => {
    expect(labels('operator')).toEqual([
      'Dashboard',
      'Tallie Chat',
      'Audits',
      'Count',
      'Devices',
      'Inventory',
      'Locations',
      'Print Labels',
      'Reports',
      'Company',
    ]);
  });

  it('gives members the six reading areas', () => {
    expect(labels('member')).toEqual([
      'Dashboard',
      'Tallie Chat',
      'Audits',
      'Inventory',
      'Locations',
      'Reports',
    ]);
  });

  it('hides Locations for point-of-sale companies, whatever the role', () => {
    for (const role of ['admin', 'operator', 'member'] as const) {
      expect(labels(role, 'dutchie')).not.toContain('Locations');
      expect(labels(role, 'dutchie')).toContain('Inventory');
    }
  });
});

describe('roles', () => {
  it('counts a missing or unknown role as member', () => {
    expect(normalizeRole(undefined)).toBe('member');
    expect(normalizeRole(null)).toBe('member');
    expect(normalizeRole('owner')).toBe('member');
    expect(normalizeRole('operator')).toBe('operator');
  });

  it('orders admin above operator above member', () => {
    expect(hasRole('admin', 'operator')).toBe(true);
    expect(hasRole('operator', 'operator')).toBe(true);
    expect(hasRole('operator', 'admin')).toBe(false);
    expect(hasRole('member', 'operator')).toBe(false);
  });
});

describe('pageTitle', () => {
  it("reads 'Quantics | {page}' with Dashboard by default", () => {
    expect(pageTitle('Inventory')).toBe('Quantics | Inventory');
    expect(pageTitle()).toBe('Quantics | Dashboard');
  });
});
