import { describe, expect, it } from 'vitest';
import { changesBetween, effectiveOf, templateSelection } from './pending-permissions';
import { isCurrent, viewReach } from './view-reach';

const reach = (role: Parameters<typeof viewReach>[0], permissions: string[]) =>
  Object.fromEntries(viewReach(role, new Set(permissions)).map((r) => [r.view, r.reachable]));

describe('view reach', () => {
  it('lets staff reach a guarded view with any one of its permissions', () => {
    const views = reach('staff', ['billing.view']);
    expect(views).toMatchObject({ billing: true, appointments: false, messages: false, doctors: true, 'staff-portal': true });
    expect(reach('staff', ['patients.view.own'])).toMatchObject({ billing: true, appointments: true, messages: true });
  });

  it('denies staff without permissions every guarded view', () => {
    expect(reach('staff', [])).toMatchObject({ appointments: false, billing: false, messages: false, tasks: true });
  });

  it('lets admins, doctors and patients through every guard', () => {
    expect(Object.values(reach('admin', [])).every(Boolean)).toBe(true);
    expect(Object.values(reach('doctor', [])).every(Boolean)).toBe(true);
    expect(Object.values(reach('patient', [])).every(Boolean)).toBe(true);
  });

  it('counts a grant only until it expires', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(isCurrent(null, now)).toBe(true);
    expect(isCurrent('2026-03-02T00:00:00Z', now)).toBe(true);
    expect(isCurrent('2026-02-28T00:00:00Z', now)).toBe(false);
    const selection = new Map([
      ['billing.view', '2020-01-01'],
      ['billing.create', ''],
    ] as const);
    expect([...effectiveOf(new Map(selection), now)]).toEqual(['billing.create']);
  });
});

describe('pending permission changes', () => {
  it('grants what was added or re-dated and revokes what was removed', () => {
    const saved = new Map([
      ['billing.view', ''],
      ['billing.create', ''],
    ] as const);
    const wanted = new Map([
      ['billing.view', '2030-01-31'],
      ['reports.generate', ''],
    ] as const);
    const changes = changesBetween(new Map(saved), new Map(wanted));
    expect(changes.position).toBeUndefined();
    expect(changes.grants.map((g) => g.permission)).toEqual(['billing.view', 'reports.generate']);
    expect(changes.grants[0]!.expiresAt).toMatch(/^2030-0[12]-\d\dT/);
    expect(changes.grants[1]!.expiresAt).toBeNull();
    expect(changes.revokes).toEqual(['billing.create']);
  });

  it('computes changes against the template when a position is assigned', () => {
    const wanted = templateSelection('billing');
    wanted.delete('reports.generate');
    const changes = changesBetween(new Map(), wanted, 'billing');
    expect(changes).toEqual({ position: 'billing', grants: [], revokes: ['reports.generate'] });
  });
});
