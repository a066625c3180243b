import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { isPermission, type Permission } from '../../contracts/permission-catalogue';
import type { Role } from '../../contracts/roles';
import { AppError } from './app-error';
import { effectivePermissions } from './effective-permissions';

// Every route declares who may call it. The check runs when a route is registered,
// so a route that forgets fails the server's start and every test, not a review.

/** Any-of (one suffices) or all-of (every one is needed). */
export type PermissionRequirement = { anyOf: readonly Permission[] } | { allOf: readonly Permission[] };

/**
 * public, signed-in, one of some roles, or holding permissions (optionally also one of some roles).
 * Admin passes every permission check; a permission never widens which patients a caller reaches
 * (platform/patient-scope.ts decides that).
 */
export type RouteAccess =
  | 'public'
  | 'signed-in'
  | { roles: readonly Role[]; permissions?: PermissionRequirement }
  | { permissions: PermissionRequirement; roles?: readonly Role[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** Paths that carry data or operations; static assets and the SPA fallback are served by the static plugin. */
export function requiresAccessDeclaration(url: string): boolean {
  return url.startsWith('/api') || url === '/healthz' || url === '/readyz' || url === '/ws';
}

export function accessOf(request: FastifyRequest): RouteAccess | undefined {
  return request.routeOptions.config?.access;
}

/** Who is asking: the signed-in user of this request. Throws 401 when nobody is signed in. */
export function actorOf(request: FastifyRequest): { userId: string; role: Role; sessionId: string } {
  const session = request.session;
  if (!session) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return { userId: session.userId, role: session.role, sessionId: session.id };
}

// One read per request at most (access check, scoping and the handler share it), and nothing
// kept beyond the request: a revoke counts from the next one.
const memo = new WeakMap<FastifyRequest, Promise<ReadonlySet<Permission>>>();

/** The signed-in caller's effective permissions for this request. */
export function permissionsOf(request: FastifyRequest): Promise<ReadonlySet<Permission>> {
  let held = memo.get(request);
  if (!held) {
    const { userId, role } = actorOf(request);
    held = effectivePermissions(request.server.db, userId, role).then((list) => new Set(list));
    memo.set(request, held);
  }
  return held;
}

export function satisfies(role: Role, held: ReadonlySet<Permission>, requirement: PermissionRequirement): boolean {
  if (role === 'admin') return true;
  if ('allOf' in requirement) return requirement.allOf.every((permission) => held.has(permission));
  return requirement.anyOf.some((permission) => held.has(permission));
}

export function requiredPermissions(requirement: PermissionRequirement): readonly Permission[] {
  return 'allOf' in requirement ? requirement.allOf : requirement.anyOf;
}

export type AccessDenial = 'not_authenticated' | 'missing_role' | 'missing_permissions';

/** Decides a request against its route's declaration; undefined means allowed. */
export async function checkAccess(access: RouteAccess, request: FastifyRequest): Promise<AccessDenial | undefined> {
  if (access === 'public') return undefined;
  if (!request.session) return 'not_authenticated';
  if (access === 'signed-in') return undefined;
  const { role } = request.session;
  if (access.roles && !access.roles.includes(role)) return 'missing_role';
  if (access.permissions && !satisfies(role, await permissionsOf(request), access.permissions)) return 'missing_permissions';
  return undefined;
}

/** A declaration that could never be met (or names an unknown permission) is a programming error. */
function assertWellFormed(access: RouteAccess, where: string): void {
  if (access === 'public' || access === 'signed-in') return;
  if (access.roles && access.roles.length === 0) throw new Error(`Route ${where} declares an empty role list`);
  if (!access.roles && !access.permissions) throw new Error(`Route ${where} declares neither roles nor permissions`);
  if (!access.permissions) return;
  const listed = requiredPermissions(access.permissions);
  if (listed.length === 0) throw new Error(`Route ${where} declares an empty permission list`);
  const unknown = listed.filter((permission) => !isPermission(permission));
  if (unknown.length > 0) throw new Error(`Route ${where} declares unknown permissions: ${unknown.join(', ')}`);
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** The route's request and response schemas, for tests that generate requests from them. */
  schema?: RouteOptions['schema'];
}

const declared = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every route registered on `app` that needed a declaration, with it: what the access tests walk. */
export function declaredRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  return declared.get(app) ?? [];
}

export function enforceAccessDeclarations(
  app: FastifyInstance,
  onDenied?: (request: FastifyRequest, reason: AccessDenial) => Promise<void>,
): void {
  const routes: DeclaredRoute[] = [];
  declared.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!requiresAccessDeclaration(route.url)) return;
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    const where = `${String(route.method)} ${route.url}`;
    if (!access) throw new Error(`Route ${where} does not declare its access (config.access)`);
    assertWellFormed(access, where);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access, schema: route.schema });
  });

  // Runs before CSRF and validation: an anonymous caller learns nothing but "sign in".
  app.addHook('preValidation', async (request) => {
    if (request.is404) return;
    const access = accessOf(request);
    if (!access) return;
    const denial = await checkAccess(access, request);
    if (!denial) return;
    await onDenied?.(request, denial);
    if (denial === 'not_authenticated') throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    throw new AppError('FORBIDDEN', 'You do not have access to this.');
  });
}
