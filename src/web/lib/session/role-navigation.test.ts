import { describe, expect, it } from 'vitest';
import { NAVIGATION, portalPath, portalRoleForPath, safeNextPath } from './role-navigation';

describe('portalPath', () => {
  it('sends each role to its own portal', () => {
    expect(portalPath('admin')).toBe('/admin-dashboard');
    expect(portalPath('doctor')).toBe('/doctor-portal');
    expect(portalPath('staff')).toBe('/staff-portal');
    expect(portalPath('patient')).toBe('/dashboard');
    expect(portalRoleForPath('/doctor-portal')).toBe('doctor');
    expect(portalRoleForPath('/appointments')).toBeUndefined();
  });

  it('lists each role’s portal first in its navigation', () => {
    for (const role of ['admin', 'doctor', 'staff', 'patient'] as const) {
      expect(`/${NAVIGATION[role][0]}`).toBe(portalPath(role));
    }
  });
});

describe('safeNextPath', () => {
  it('accepts paths of this site, with their query and fragment', () => {
    expect(safeNextPath('/appointments')).toBe('/appointments');
    expect(safeNextPath('/records?tab=labs#latest')).toBe('/records?tab=labs#latest');
  });

  it.each([
    null,
    '',
    'https://evil.example/login',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'appointments',
    '/login',
    '/',
  ])('refuses %j', (value) => {
    expect(safeNextPath(value)).toBeUndefined();
  });
});
