import { useEffect, useMemo, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AppNavigationProvider, type AppNavigation } from '../../lib/navigation/app-navigation';
import { PublicLayout } from './public-layout';

/** The public frame inside the app's router: the router's location and navigation drive it. */
export function RoutedPublicLayout({ children }: { children?: ReactNode }) {
  const { pathname, hash, state } = useLocation();
  const navigate = useNavigate();
  // Sign-in, registration and password reset validate with zod and the sign-in contracts, which are
  // not part of the first paint: fetch them once this frame has painted, so opening one of those
  // pages does not wait for them. (A signed-in page gets zod the same way with its live connection.)
  useEffect(() => {
    import('../../../contracts/auth').catch(() => undefined);
  }, []);
  const value = useMemo<AppNavigation>(
    () => ({ location: { pathname, hash, state }, navigate: (to) => void navigate(to) }),
    [pathname, hash, state, navigate],
  );
  return (
    <AppNavigationProvider value={value}>
      <PublicLayout>{children ?? <Outlet />}</PublicLayout>
    </AppNavigationProvider>
  );
}
