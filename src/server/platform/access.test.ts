import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '../../contracts/permission-catalogue';
import { auditEvents } from '../db/schema';
import { createActor, type Actor } from '../test-support/idor-harness';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TestAgent } from '../test-support/test-agent';
import { declaredRoutes, enforceAccessDeclarations, requiredPermissions, type DeclaredRoute } from './access';

// Every route declares its access, the declarations are enforced, and a staff
// member holding every permission but one is refused exactly where that one is needed. Both walks
// are driven by the routes the real app registers, so later routes are covered without an edit.

let t: TestApp;
let routes: readonly DeclaredRoute[];

/** A concrete URL for a route template: ids are fresh UUIDs, a permission parameter a real one. */
function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => (name === 'permission' ? 'billing.view' : randomUUID()));
}

const probed = (route: DeclaredRoute) => route.method !== 'HEAD' && route.method !== 'OPTIONS' && route.url !== '/ws';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  routes = declaredRoutes(t.app);
});

afterAll(async () => {
  await t.close();
});

async function deniedFor(agent: TestAgent, route: DeclaredRoute): Promise<{ status: number; reason: unknown }> {
  const requestId = `matrix-${randomUUID()}`;
  const response = await agent.request(
    route.method as 'GET',
    concrete(route.url),
    route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
    {
      headers: { 'x-request-id': requestId },
    },
  );
  const [denial] = await t.app.db
    .select({ details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.requestId, requestId), eq(auditEvents.action, 'access.denied')));
  return { status: response.statusCode, reason: (denial?.details as { reason?: unknown } | undefined)?.reason };
}

describe('route access declarations', () => {
  it('registers the API with a declaration on every route', () => {
    const api = routes.filter((route) => route.url.startsWith('/api/'));
    // The walk sees the real app: every route every module registers.
    expect(api.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/patients',
        'GET /api/patients/:id',
        'POST /api/users/:id/permissions',
        'PUT /api/users/:id/role',
        'GET /api/auth/session',
      ]),
    );
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it('refuses to start when a route forgets its declaration or declares one that cannot be met', async () => {
    for (const config of [
      {},
      { access: { permissions: { anyOf: [] } } },
      { access: { roles: [] } },
      { access: { permissions: { allOf: ['billing.everything'] } } },
    ]) {
      const app = Fastify();
      enforceAccessDeclarations(app);
      await expect(
        app.register(async (scope) => {
          scope.get('/api/forgotten', { config: config as never }, async () => ({}));
        }),
      ).rejects.toThrow(/\/api\/forgotten/);
      await app.close();
    }
  });

  it('answers 401 to an anonymous caller on every route that is not public', async () => {
    const anonymous = new TestAgent(t.app);
    const guarded = routes.filter((route) => probed(route) && route.access !== 'public');
    expect(guarded.length).toBeGreaterThan(20);
    for (const route of guarded) {
      const { status } = await deniedFor(anonymous, route);
      expect(status, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('permission matrix', () => {
  const needed = (route: DeclaredRoute, missing: Permission): boolean => {
    if (typeof route.access === 'string' || !route.access.permissions) return false;
    const listed = requiredPermissions(route.access.permissions);
    return 'allOf' in route.access.permissions ? listed.includes(missing) : listed.every((permission) => permission === missing);
  };
  const staffMayCall = (route: DeclaredRoute) =>
    typeof route.access !== 'string' && (!route.access.roles || route.access.roles.includes('staff'));

  it('refuses a staff member holding every permission but one exactly where that one is needed', async () => {
    const permissionRoutes = routes.filter(
      (route) => probed(route) && typeof route.access !== 'string' && route.access.permissions !== undefined && staffMayCall(route),
    );
    expect(permissionRoutes.length).toBeGreaterThanOrEqual(5);
    const mentioned = [
      ...new Set(permissionRoutes.flatMap((route) => requiredPermissions((route.access as { permissions: never }).permissions))),
    ];
    // Plus one no route needs: its absence must refuse nothing.
    const unneeded = PERMISSIONS.find((permission) => !mentioned.includes(permission))!;
    for (const missing of [...mentioned, unneeded]) {
      const staff: Actor = await createActor(t.app, 'staff', { permissions: PERMISSIONS.filter((permission) => permission !== missing) });
      for (const route of permissionRoutes) {
        const { status, reason } = await deniedFor(staff.agent, route);
        const where = `${route.method} ${route.url} without ${missing}`;
        if (needed(route, missing)) {
          expect(status, where).toBe(403);
          expect(reason, where).toBe('missing_permissions');
        } else {
          expect(reason, where).toBeUndefined();
        }
      }
    }
  });

  it('lets an admin through every permission check, holding no grants at all', async () => {
    const admin = await createActor(t.app, 'admin');
    // Routes kept to other roles (a doctor's own refill queue) refuse by role first, as for staff below.
    const permissionRoutes = routes.filter(
      (route) =>
        probed(route) &&
        typeof route.access !== 'string' &&
        route.access.permissions &&
        (!route.access.roles || route.access.roles.includes('admin')),
    );
    expect(permissionRoutes.length).toBeGreaterThan(10);
    for (const route of permissionRoutes) {
      expect((await deniedFor(admin.agent, route)).reason, `${route.method} ${route.url}`).toBeUndefined();
    }
  });

  it('refuses staff routes by role before permissions are looked at', async () => {
    const staff = await createActor(t.app, 'staff', { permissions: PERMISSIONS });
    const adminOnly = routes.filter(
      (route) => probed(route) && typeof route.access !== 'string' && route.access.roles && !route.access.roles.includes('staff'),
    );
    expect(adminOnly.map((route) => route.url)).toContain('/api/users/:id/role');
    for (const route of adminOnly) {
      const { status, reason } = await deniedFor(staff.agent, route);
      expect([status, reason], `${route.method} ${route.url}`).toEqual([403, 'missing_role']);
    }
  });
});
