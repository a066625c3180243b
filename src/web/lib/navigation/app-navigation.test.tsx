import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppLink, AppNavigationProvider, useAppLocation, type AppNavigation } from './app-navigation';

function Where() {
  const { pathname, hash } = useAppLocation();
  return <p data-testid="where">{`${pathname}${hash}`}</p>;
}

function renderWith(navigate: AppNavigation['navigate']) {
  const value: AppNavigation = { location: { pathname: '/', hash: '#services', state: null }, navigate };
  render(
    <AppNavigationProvider value={value}>
      <Where />
      <AppLink to="/login" className="link">
        Sign in
      </AppLink>
    </AppNavigationProvider>,
  );
  return screen.getByRole('link', { name: 'Sign in' });
}

describe('AppLink', () => {
  it('is a real link to its path, navigated in place on a plain click', () => {
    const navigate = vi.fn();
    const link = renderWith(navigate);
    expect(link).toHaveAttribute('href', '/login');
    expect(link).toHaveClass('link');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('leaves a new-tab click (modifier key or middle button) to the browser', () => {
    const navigate = vi.fn();
    const link = renderWith(navigate);
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { metaKey: true });
    fireEvent.click(link, { shiftKey: true });
    fireEvent.click(link, { button: 1 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('hands the host location to the page', () => {
    renderWith(vi.fn());
    expect(screen.getByTestId('where')).toHaveTextContent('/#services');
  });

  it('refuses to render outside a host, instead of linking nowhere', () => {
    // React reports the thrown render error on the console too.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<AppLink to="/login">Sign in</AppLink>)).toThrow(/AppNavigationProvider/);
    quiet.mockRestore();
  });
});
