import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { Role } from '../../../contracts/roles';
import { portalPath } from '../../lib/session/role-navigation';
import { useSession } from '../../lib/session/use-session';

/** Each role portal is for its own role only; anyone else is sent to theirs. */
export function PortalRoute({ role, children }: { role: Role; children: ReactNode }) {
  const { user } = useSession();
  // The signed-in layout renders routes only once the user is loaded.
  if (!user) return null;
  if (user.role !== role) return <Navigate to={portalPath(user.role)} replace />;
  return children;
}
