import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PERMISSION_CACHE } from '../../../contracts/constants';
import { DelayedLoading } from '../../components/ui/delayed-loading';
import { decideAccess, type AccessRequirements } from './access-decision';
import { AccessDenied } from './access-denied';
import { usePermissions } from './use-permissions';

interface Props extends AccessRequirements {
  children: ReactNode;
  /** Where to send a denied user instead of showing the denial screen. */
  redirectTo?: string;
}

/** True once `ms` have passed since the component mounted. */
function useGracePeriod(ms: number): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOver(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return over;
}

/**
 * The permission guard: loading until the user and the permissions are known, then allowed,
 * denied (with its reason) or loading_error (with Retry). A page that may open is shown at once; a
 * refusal or an error waits out the grace period as loading, so a session or
 * permission list still settling never flashes a denial.
 */
export function PermissionGuard({ children, redirectTo, ...requirements }: Props) {
  const permissions = usePermissions();
  const graceOver = useGracePeriod(PERMISSION_CACHE.guardGracePeriodMs);
  const decision = decideAccess(permissions, requirements);

  if (decision.state === 'allowed') return children;
  if (decision.state === 'loading' || !graceOver) return <DelayedLoading />;
  if (decision.state === 'loading_error') return <AccessDenied reason="loading_error" onRetry={permissions.retry} />;
  if (redirectTo) return <Navigate to={redirectTo} replace />;
  return <AccessDenied reason={decision.reason} required={requirements.permissions} requireAll={requirements.requireAll} />;
}
