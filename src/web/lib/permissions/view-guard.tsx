import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { canReachView, GUARDED_VIEWS, viewRequirement } from '../../../contracts/view-access';
import { viewForPath, type ViewName } from '../../../contracts/views';
import { useSession } from '../session/use-session';
import { PermissionGuard } from './permission-guard';
import { usePermissions } from './use-permissions';

// The guarded views (appointments, records, medications, billing, messages) and their
// any-of requirements, applied to the routes that show them and to the sidebar that links to them.

/** Guards one view with the requirement it has for the user's role (contracts/view-access.ts). */
export function ViewGuard({ view, children }: { view: ViewName; children: ReactNode }) {
  const { user } = useSession();
  // Until the user is known the guard shows loading whatever it is given.
  const required = user ? (viewRequirement(view, user.role) ?? []) : [];
  return <PermissionGuard permissions={required}>{children}</PermissionGuard>;
}

/** The route, with its element wrapped in the view's guard when its path is a guarded view. */
export function guardViewRoute(route: RouteObject): RouteObject {
  const view = route.path === undefined ? undefined : viewForPath(`/${route.path.replace(/^\/+/, '')}`);
  if (!view || !GUARDED_VIEWS.includes(view)) return route;
  return { ...route, element: <ViewGuard view={view}>{route.element}</ViewGuard> };
}

/**
 * Whether to offer a link to the view. While the permissions are loading, or could not be loaded,
 * the link stays (the guard behind it explains); once they are known, unreachable views are hidden.
 */
export function useCanReachView(): (view: ViewName) => boolean {
  const { status, user, permissions } = usePermissions();
  return (view) => status !== 'ready' || !user || canReachView(view, user.role, permissions);
}
