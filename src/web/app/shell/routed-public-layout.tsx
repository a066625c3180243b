import { useMemo, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AppNavigationProvider, type AppNavigation } from '../../lib/navigation/app-navigation';
import { PublicLayout } from './public-layout';

/** The public frame inside the app's router: the router's location and navigation drive it. */
export function RoutedPublicLayout({ children }: { children?: ReactNode }) {
  const { pathname, hash, state } = useLocation();
  const navigate = useNavigate();
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
