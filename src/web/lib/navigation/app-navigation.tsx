import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

// The public frame and the landing page run in two hosts: inside the app's router (every page after
// the first), and on a first visit to / in the light landing entry (landing-app.tsx), which does not
// download the router. Both hand their location and navigation to these components
// through this context, so the shared pages never import the router themselves.

export interface AppLocation {
  pathname: string;
  hash: string;
  /** What the app passed along with the navigation (e.g. why a session ended). */
  state: unknown;
}

export interface AppNavigation {
  location: AppLocation;
  navigate(to: string): void;
}

export const AppNavigationContext = createContext<AppNavigation | null>(null);

export function AppNavigationProvider({ value, children }: { value: AppNavigation; children: ReactNode }) {
  return <AppNavigationContext.Provider value={value}>{children}</AppNavigationContext.Provider>;
}

function useAppNavigation(): AppNavigation {
  const value = useContext(AppNavigationContext);
  if (!value) throw new Error('useAppLocation/AppLink must be used inside <AppNavigationProvider>');
  return value;
}

export function useAppLocation(): AppLocation {
  return useAppNavigation().location;
}

/** A click the browser should handle itself: new tab or window, download, another target. */
function opensElsewhere(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (target !== null && target !== '_self')
  );
}

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An in-app link: a real href (open in a new tab works), navigated in place on a plain click. */
export function AppLink({ to, onClick, ...rest }: AppLinkProps) {
  const { navigate } = useAppNavigation();
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (opensElsewhere(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
