import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSITION_TEMPLATES, STAFF_POSITIONS, type Permission, type StaffPosition } from '../../../contracts/permission-catalogue';
import type { Role } from '../../../contracts/roles';
import { createPatient, createUser, Random } from '../../db/factories';
import { users } from '../../db/schema';
import { effectivePermissions } from '../../platform/effective-permissions';
import { createActor, grantDirectly, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Nobody grants more than they hold (docs/product.md, permissions): every route that
// creates, changes or (de)activates an account, tried by every role and by staff of every position
// who also hold every users.* permission, against an account of every role and position. The rule
// the table is checked against: an administrator may do anything to anyone but themself; anyone
// else may touch only staff accounts whose permissions, before and after, are all their own.

const USER_ADMIN: readonly Permission[] = ['users.create', 'users.update', 'users.delete', 'users.view.all', 'users.permissions'];

type ActorKind = 'admin' | 'doctor' | 'patient' | 'staff:none' | `staff:${StaffPosition}`;
type TargetKind = 'admin' | 'doctor' | 'patient' | `staff:${StaffPosition}`;

const ACTOR_KINDS: ActorKind[] = ['admin', 'doctor', 'patient', 'staff:none', ...STAFF_POSITIONS.map((p) => `staff:${p}` as const)];
const TARGET_KINDS: TargetKind[] = ['admin', 'doctor', 'patient', ...STAFF_POSITIONS.map((p) => `staff:${p}` as const)];

interface TestActor extends Actor {
  kind: ActorKind;
  role: Role;
  held: ReadonlySet<Permission>;
}

interface Target {
  id: string;
  role: Role;
  permissions: Permission[];
}

interface State {
  role: Role;
  isActive: boolean;
  position: string | null;
  permissions: Permission[];
}

type Operation =
  | { name: 'deactivate' }
  | { name: 'reactivate' }
  | { name: 'position'; position: StaffPosition }
  | { name: 'grant'; permission: Permission }
  | { name: 'revoke' }
  | { name: 'role'; role: Role };

const OPERATIONS: Operation[] = [
  { name: 'deactivate' },
  { name: 'reactivate' },
  ...STAFF_POSITIONS.map((position) => ({ name: 'position' as const, position })),
  { name: 'grant', permission: 'system.admin' },
  { name: 'grant', permission: 'patients.phi.access' },
  { name: 'grant', permission: 'users.create' },
  { name: 'revoke' },
  { name: 'role', role: 'staff' },
];

const label = (operation: Operation) =>
  operation.name === 'position'
    ? `position ${operation.position}`
    : operation.name === 'grant'
      ? `grant ${operation.permission}`
      : operation.name === 'role'
        ? `role ${operation.role}`
        : operation.name;

const subset = (wanted: readonly Permission[], held: ReadonlySet<Permission>) => wanted.every((permission) => held.has(permission));

/** What the rule says the server answers. */
function expectedStatus(actor: TestActor, target: Target, operation: Operation): number {
  const admin = actor.role === 'admin';
  if (operation.name === 'role') {
    if (!admin) return 403;
    return target.role === 'patient' ? 409 : 200;
  }
  if (actor.role === 'doctor' || actor.role === 'patient') return 403;
  // Only administrators manage administrators.
  if (!admin && target.role === 'admin') return 403;
  if (operation.name === 'deactivate' || operation.name === 'reactivate') {
    if (admin) return 200;
    return target.role === 'staff' && subset(target.permissions, actor.held) ? 200 : 403;
  }
  // Individual permissions and positions belong to staff accounts.
  if (target.role !== 'staff') return 409;
  if (!admin && !subset(target.permissions, actor.held)) return 403;
  if (operation.name === 'position' && !admin && !subset(POSITION_TEMPLATES[operation.position], actor.held)) return 403;
  if (operation.name === 'grant' && !admin && !actor.held.has(operation.permission)) return 403;
  return 200;
}

describe('user administration: nobody grants more than they hold', () => {
  let t: TestApp;
  const random = new Random(13_002);
  const actors: TestActor[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    for (const kind of ACTOR_KINDS) {
      const [role, position] = kind.split(':') as [Role, StaffPosition | 'none' | undefined];
      const permissions = role === 'staff' ? [...USER_ADMIN, ...(position && position !== 'none' ? POSITION_TEMPLATES[position] : [])] : [];
      const actor = await createActor(t.app, role, { permissions, position: position && position !== 'none' ? position : undefined });
      const held = new Set(await effectivePermissions(t.app.db, actor.user.id, role));
      actors.push({ ...actor, kind, role, held });
    }
  }, 60_000);
  afterAll(() => t?.close());

  async function createTarget(kind: TargetKind, isActive = true): Promise<Target> {
    const [role, position] = kind.split(':') as [Role, StaffPosition | undefined];
    const user =
      role === 'patient'
        ? (await createPatient(t.app.db, random, { isActive })).user
        : await createUser(t.app.db, random, { role, position: position ?? null, isActive });
    if (position) await grantDirectly(t.app, user.id, POSITION_TEMPLATES[position]);
    return { id: user.id, role, permissions: await effectivePermissions(t.app.db, user.id, role) };
  }

  async function stateOf(userId: string): Promise<State> {
    const [row] = await t.app.db
      .select({ role: users.role, isActive: users.isActive, position: users.position })
      .from(users)
      .where(eq(users.id, userId));
    return { ...row!, permissions: await effectivePermissions(t.app.db, userId, row!.role) };
  }

  function call(actor: TestActor, target: Target, operation: Operation) {
    switch (operation.name) {
      case 'deactivate':
        return actor.agent.put(`/api/users/${target.id}/status`, { active: false });
      case 'reactivate':
        return actor.agent.put(`/api/users/${target.id}/status`, { active: true });
      case 'position':
        return actor.agent.put(`/api/users/${target.id}/position`, { position: operation.position });
      case 'grant':
        return actor.agent.post(`/api/users/${target.id}/permissions`, { permission: operation.permission });
      case 'revoke':
        return actor.agent.delete(`/api/users/${target.id}/permissions/${target.permissions[0] ?? 'patients.view.all'}`);
      case 'role':
        return actor.agent.put(`/api/users/${target.id}/role`, { role: operation.role });
    }
  }

  it('changes an existing account only within the actor’s own permissions, and admins only by admins', async () => {
    const mismatches: string[] = [];
    for (const actor of actors) {
      for (const kind of TARGET_KINDS) {
        for (const operation of OPERATIONS) {
          const target = await createTarget(kind, operation.name !== 'reactivate');
          const before = await stateOf(target.id);
          const response = await call(actor, target, operation);
          const expected = expectedStatus(actor, target, operation);
          const after = await stateOf(target.id);
          const where = `${actor.kind} → ${kind}: ${label(operation)}`;
          if (response.statusCode !== expected) mismatches.push(`${where}: ${response.statusCode}, expected ${expected}`);
          if (expected !== 200 && JSON.stringify(after) !== JSON.stringify(before)) mismatches.push(`${where}: refused but changed`);
          if (expected === 200 && actor.role !== 'admin' && !subset(after.permissions, actor.held)) {
            mismatches.push(`${where}: left the account with more than the actor holds`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 240_000);

  it('creates accounts only with a template within the actor’s own permissions; doctors only by admins', async () => {
    const mismatches: string[] = [];
    let n = 0;
    for (const actor of actors) {
      const bodies: { role: 'staff' | 'doctor'; position?: StaffPosition; [field: string]: unknown }[] = [
        ...STAFF_POSITIONS.map((position) => ({ role: 'staff' as const, position })),
        {
          role: 'doctor' as const,
          specialty: 'Cardiology',
          hospital: 'Northside Medical Center',
          experienceYears: 3,
        },
      ];
      for (const body of bodies) {
        n += 1;
        const email = `escalation.${n}.${Date.now().toString(36)}@user-admin.test`;
        const response = await actor.agent.post('/api/users', { ...body, firstName: 'Ada', lastName: 'Lindqvist', email });
        const template = body.position ? POSITION_TEMPLATES[body.position] : null;
        const expected =
          actor.role === 'admin' ? 201 : actor.role !== 'staff' || template === null || !subset(template, actor.held) ? 403 : 201;
        const where = `${actor.kind} creates ${body.role === 'staff' ? `staff:${body.position}` : 'doctor'}`;
        if (response.statusCode !== expected) mismatches.push(`${where}: ${response.statusCode}, expected ${expected}`);
        const rows = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
        if ((expected === 201) !== (rows.length === 1)) mismatches.push(`${where}: account ${rows.length === 1 ? 'exists' : 'missing'}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});
