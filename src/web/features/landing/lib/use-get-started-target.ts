import { portalPath } from '../../../lib/session/role-navigation';
import { useSession } from '../../../lib/session/use-session';

/** Get Started goes to sign-in, or straight to the role's portal when already signed in. */
export function useGetStartedTarget(): string {
  const { status, user } = useSession();
  return status === 'authenticated' && user ? portalPath(user.role) : '/login';
}
