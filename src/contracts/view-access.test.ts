import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from './permission-catalogue';
import { activePermissions, canReachView, checkPermissions, GUARDED_VIEWS, reachableViews, viewRequirement } from './view-access';
import { VIEW_NAMES } from './views';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const LATER = '2026-03-02T00:00:00.000Z';
const EARLIER = '2026-02-28T00:00:00.000Z';

describe('checkPermissions', () => {
  it('lets an admin through a non-strict check, even holding nothing', () => {
    expect(checkPermissions({ role: 'admin', permissions: [] }, ['billing.view'])).toBe(true);
    expect(checkPermissions({ role: 'admin', permissions: [] }, ['billing.view', 'security.audit'], { requireAll: true })).toBe(true);
  });

  it('gives an admin no free pass in a strict check', () => {
    expect(checkPermissions({ role: 'admin', permissions: [] }, ['billing.view'], { strict: true })).toBe(false);
    expect(checkPermissions({ role: 'admin', permissions: ['billing.view'] }, ['billing.view'], { strict: true })).toBe(true);
  });

  it('passes any-of with one match and all-of only with every one', () => {
    const staff = { role: 'staff' as const, permissions: ['billing.view'] };
    expect(checkPermissions(staff, ['billing.view', 'patients.view.own'])).toBe(true);
    expect(checkPermissions(staff, ['billing.view', 'patients.view.own'], { requireAll: true })).toBe(false);
    expect(
      checkPermissions({ ...staff, permissions: ['billing.view', 'patients.view.own'] }, ['billing.view', 'patients.view.own'], {
        requireAll: true,
      }),
    ).toBe(true);
    expect(checkPermissions(staff, ['users.create'])).toBe(false);
  });

  it('passes when nothing is required', () => {
    expect(checkPermissions({ role: 'staff', permissions: [] }, [])).toBe(true);
  });

  it('counts a detailed permission only while active and unexpired', () => {
    const check = (held: Parameters<typeof checkPermissions>[0]['permissions'][number]) =>
      checkPermissions({ role: 'staff', permissions: [held] }, ['billing.view'], { now: NOW });
    expect(check({ permission: 'billing.view', isActive: true, expiresAt: null })).toBe(true);
    expect(check({ permission: { permission: 'billing.view' }, isActive: true, expiresAt: LATER })).toBe(true);
    expect(check({ permission: { permission: 'billing.view' }, isActive: false, expiresAt: null })).toBe(false);
    expect(check({ permission: 'billing.view', isActive: true, expiresAt: EARLIER })).toBe(false);
    expect(check({ permission: 'billing.view', isActive: true, expiresAt: NOW.toISOString() })).toBe(false);
    expect(check({ permission: 'billing.view', isActive: true, expiresAt: 'not a date' })).toBe(false);
  });

  it('lists the permissions that count at a moment', () => {
    const held = activePermissions(
      [
        'users.create',
        { permission: 'billing.view', isActive: true, expiresAt: EARLIER },
        { permission: { permission: 'billing.update' } },
      ],
      NOW,
    );
    expect([...held].sort()).toEqual(['billing.update', 'users.create']);
  });
});

describe('guarded views', () => {
  it('guards exactly appointments, records, medications, billing and messages', () => {
    expect([...GUARDED_VIEWS].sort()).toEqual(['appointments', 'billing', 'medications', 'messages', 'records']);
    expect(viewRequirement('parking', 'staff')).toBeUndefined();
  });

  it('asks each view’s any-of requirements, medications differing for a doctor', () => {
    expect(viewRequirement('appointments', 'staff')).toEqual(['appointments.create', 'patients.view.own']);
    expect(viewRequirement('records', 'staff')).toEqual(['medical_records.view', 'patients.view.own']);
    expect(viewRequirement('medications', 'doctor')).toEqual(['medications.prescribe', 'medications.update']);
    expect(viewRequirement('medications', 'staff')).toEqual(['medications.view.all', 'patients.view.own']);
    expect(viewRequirement('medications', 'patient')).toEqual(['medications.view.all', 'patients.view.own']);
    expect(viewRequirement('billing', 'staff')).toEqual(['billing.view', 'patients.view.own']);
    expect(viewRequirement('messages', 'staff')).toEqual(['patients.view.own']);
  });
});

describe('reachableViews', () => {
  it('lets a staff member with no permissions reach no guarded view and no other role’s portal', () => {
    const views = reachableViews('staff', []);
    for (const view of GUARDED_VIEWS) expect(views).not.toContain(view);
    expect(views).toContain('staff-portal');
    expect(views).toContain('parking');
    expect(views).not.toContain('admin-dashboard');
    expect(views).not.toContain('dashboard');
  });

  it('opens billing to a staff member exactly while billing.view is held and unexpired', () => {
    expect(canReachView('billing', 'staff', ['appointments.create'], NOW)).toBe(false);
    expect(canReachView('billing', 'staff', ['billing.view'], NOW)).toBe(true);
    expect(canReachView('billing', 'staff', [{ permission: 'billing.view', isActive: true, expiresAt: EARLIER }], NOW)).toBe(false);
    expect(reachableViews('staff', ['billing.view'], NOW)).toContain('billing');
  });

  it('treats patients and doctors as holding every permission, whatever list is passed', () => {
    for (const role of ['patient', 'doctor'] as const) {
      const views = reachableViews(role, []);
      for (const view of GUARDED_VIEWS) expect(views).toContain(view);
    }
  });

  it('lets an admin reach every view except the other roles’ portals', () => {
    expect(reachableViews('admin', [])).toEqual(
      VIEW_NAMES.filter((view) => !['dashboard', 'doctor-portal', 'staff-portal'].includes(view)),
    );
  });

  it('lets a staff member holding every permission reach every guarded view', () => {
    const views = reachableViews('staff', PERMISSIONS);
    for (const view of GUARDED_VIEWS) expect(views).toContain(view);
  });
});
