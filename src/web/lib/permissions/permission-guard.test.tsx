import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AccessDenied } from './access-denied';
import { PermissionGuard } from './permission-guard';
import { advance, json, permissionsAnswer, renderGuarded, stubFetch, setUpGuardTests, user, USER_ID } from './testing';

// The permission guard (docs/product.md, Permissions and guarded views): grace period 1500 ms,
// 3 retries with doubling delay.

const PERMISSIONS_URL = `/api/users/${USER_ID}/permissions`;
const BILLING = ['billing.view', 'patients.view.own'] as const;
const content = <p>Billing content</p>;

setUpGuardTests();

describe('PermissionGuard: loading', () => {
  it('shows loading, and asks nothing, while the session is not known', async () => {
    const urls = stubFetch(() => json(permissionsAnswer([])));
    renderGuarded(<PermissionGuard permissions={BILLING}>{content}</PermissionGuard>, { status: 'loading', user: null });
    await advance(5000);
    expect(screen.getByTestId('loading-screen')).toBeInTheDocument();
    expect(screen.queryByText('Billing content')).not.toBeInTheDocument();
    expect(urls).toEqual([]);
  });

  it('shows loading while a staff member’s permissions are on their way', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderGuarded(<PermissionGuard permissions={BILLING}>{content}</PermissionGuard>, { status: 'authenticated', user: user('staff') });
    await advance(3000);
    expect(screen.getByTestId('loading-screen')).toBeInTheDocument();
    answer(json(permissionsAnswer([{ permission: 'billing.view' }])));
    await advance(0);
    expect(screen.getByText('Billing content')).toBeInTheDocument();
  });
});

describe('PermissionGuard: allowed', () => {
  it.each(['patient', 'doctor', 'admin'] as const)('lets a %s in at once without fetching permissions', async (role) => {
    const urls = stubFetch(() => json(permissionsAnswer([])));
    renderGuarded(<PermissionGuard permissions={BILLING}>{content}</PermissionGuard>, { status: 'authenticated', user: user(role) });
    expect(screen.getByText('Billing content')).toBeInTheDocument();
    await advance(2000);
    expect(urls).toEqual([]);
  });

  it('lets a staff member holding one of the permissions in as soon as they are known, before the grace period ends', async () => {
    const urls = stubFetch(() => json(permissionsAnswer([{ permission: 'billing.view' }])));
    renderGuarded(<PermissionGuard permissions={BILLING}>{content}</PermissionGuard>, { status: 'authenticated', user: user('staff') });
    await advance(10);
    expect(screen.getByText('Billing content')).toBeInTheDocument();
    expect(urls).toEqual([PERMISSIONS_URL]);
  });

  it('requires every permission with requireAll', async () => {
    stubFetch(() => json(permissionsAnswer([{ permission: 'billing.view' }, { permission: 'patients.view.own' }])));
    renderGuarded(
      <PermissionGuard permissions={BILLING} requireAll>
        {content}
      </PermissionGuard>,
      { status: 'authenticated', user: user('staff') },
    );
    await advance(10);
    expect(screen.getByText('Billing content')).toBeInTheDocument();
  });
});

describe('PermissionGuard: denied', () => {
  it('waits out the 1500 ms grace period, then says "Insufficient Permissions" with what would open the page', async () => {
    stubFetch(() => json(permissionsAnswer([{ permission: 'appointments.create' }])));
    renderGuarded(<PermissionGuard permissions={BILLING}>{content}</PermissionGuard>, { status: 'authenticated', user: user('staff') });
    await advance(1499);
    expect(screen.getByTestId('loading-screen')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();

    await advance(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Insufficient Permissions' })).toHaveFocus();
    expect(screen.getByText('billing.view')).toBeInTheDocument();
    expect(screen.getByText('patients.view.own')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my portal' })).toHaveAttribute('href', '/staff-portal');
    expect(screen.queryByText('Billing content')).not.toBeInTheDocument();
  });

  it('refuses with requireAll when one of the permissions is missing', async () => {
    stubFetch(() => json(permissionsAnswer([{ permission: 'billing.view' }])));
    renderGuarded(
      <PermissionGuard permissions={BILLING} requireAll>
        {content}
      </PermissionGuard>,
      { status: 'authenticated', user: user('staff') },
    );
    await advance(1500);
    expect(screen.getByRole('heading', { name: 'Insufficient Permissions' })).toBeInTheDocument();
    expect(screen.getByText('This page needs all of these permissions:')).toBeInTheDocument();
  });

  it('does not count an expired or inactive grant', async () => {
    stubFetch(() =>
      json(
        permissionsAnswer([
          { permission: 'billing.view', expiresAt: new Date(Date.now() - 60_000).toISOString() },
          { permission: 'patients.view.own', isActive: false },
          { permission: 'appointments.create' },
        ]),
      ),
    );
    renderGuarded(<PermissionGuard permissions={BILLING}>{content}</PermissionGuard>, { status: 'authenticated', user: user('staff') });
    await advance(1500);
    expect(screen.getByRole('heading', { name: 'Insufficient Permissions' })).toBeInTheDocument();
  });

  it('denies a staff member holding no permission at all, even where nothing is required', async () => {
    stubFetch(() => json(permissionsAnswer([])));
    renderGuarded(<PermissionGuard>{content}</PermissionGuard>, { status: 'authenticated', user: user('staff') });
    await advance(1500);
    expect(screen.getByRole('heading', { name: 'Insufficient Permissions' })).toBeInTheDocument();
    expect(screen.queryByText('Billing content')).not.toBeInTheDocument();
  });

  it('says "Authentication Required" to a visitor without a session and offers sign-in back to this page', async () => {
    stubFetch(() => json(permissionsAnswer([])));
    renderGuarded(<PermissionGuard permissions={BILLING}>{content}</PermissionGuard>, { status: 'anonymous', user: null }, '/billing');
    await advance(1499);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?next=%2Fbilling');
  });

  it('says "Role Access Denied" to a role the page is not for, without fetching permissions', async () => {
    const urls = stubFetch(() => json(permissionsAnswer([{ permission: 'billing.view' }])));
    renderGuarded(
      <PermissionGuard roles={['doctor']} permissions={BILLING}>
        {content}
      </PermissionGuard>,
      { status: 'authenticated', user: user('patient') },
    );
    await advance(1500);
    expect(screen.getByRole('heading', { name: 'Role Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my portal' })).toHaveAttribute('href', '/dashboard');
    expect(urls).toEqual([]);
  });

  it('lets an admin past a role restriction unless the guard is strict', async () => {
    stubFetch(() => json(permissionsAnswer([])));
    const { unmount } = renderGuarded(<PermissionGuard roles={['doctor']}>{content}</PermissionGuard>, {
      status: 'authenticated',
      user: user('admin'),
    });
    expect(screen.getByText('Billing content')).toBeInTheDocument();
    unmount();

    renderGuarded(
      <PermissionGuard roles={['doctor']} strict>
        {content}
      </PermissionGuard>,
      { status: 'authenticated', user: user('admin') },
    );
    await advance(1500);
    expect(screen.getByRole('heading', { name: 'Role Access Denied' })).toBeInTheDocument();
  });

  it('says "Access Requirements Not Met" when the page’s own check fails', async () => {
    const check = vi.fn(() => false);
    renderGuarded(<PermissionGuard customCheck={check}>{content}</PermissionGuard>, { status: 'authenticated', user: user('doctor') });
    await advance(1500);
    expect(screen.getByRole('heading', { name: 'Access Requirements Not Met' })).toBeInTheDocument();
    expect(check).toHaveBeenCalledWith(expect.objectContaining({ role: 'doctor' }), expect.any(Function));
  });

  it('runs the page’s own check with the ordinary permission check', async () => {
    stubFetch(() => json(permissionsAnswer([{ permission: 'billing.view' }])));
    renderGuarded(<PermissionGuard customCheck={(_user, can) => can(['billing.view'])}>{content}</PermissionGuard>, {
      status: 'authenticated',
      user: user('staff'),
    });
    await advance(10);
    expect(screen.getByText('Billing content')).toBeInTheDocument();
  });

  it('sends a denied user to the redirect target instead of the denial screen', async () => {
    stubFetch(() => json(permissionsAnswer([{ permission: 'appointments.create' }])));
    renderGuarded(
      <PermissionGuard permissions={BILLING} redirectTo="/staff-portal">
        {content}
      </PermissionGuard>,
      { status: 'authenticated', user: user('staff') },
    );
    await advance(1499);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/staff-portal');
    expect(screen.queryByRole('heading', { name: 'Insufficient Permissions' })).not.toBeInTheDocument();
  });
});

describe('PermissionGuard: loading_error', () => {
  it('retries 3 times with the delay doubling, then says "Permission Check Failed" and retries on request', async () => {
    let failing = true;
    const urls = stubFetch(() =>
      failing
        ? json({ error: { code: 'INTERNAL', message: 'Unexpected error' } }, 500)
        : json(permissionsAnswer([{ permission: 'billing.view' }])),
    );
    renderGuarded(<PermissionGuard permissions={BILLING}>{content}</PermissionGuard>, { status: 'authenticated', user: user('staff') });

    // Retries 1 s, 2 s and 4 s after each failure (t = 1000, 3000, 7000 ms).
    await advance(999);
    expect(urls).toHaveLength(1);
    await advance(1);
    expect(urls).toHaveLength(2);
    await advance(1999);
    expect(urls).toHaveLength(2);
    await advance(1);
    expect(urls).toHaveLength(3);
    await advance(3999);
    expect(urls).toHaveLength(3);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    await advance(1);
    expect(urls).toHaveLength(4);
    await advance(10);
    expect(screen.getByRole('heading', { name: 'Permission Check Failed' })).toBeInTheDocument();
    await advance(60_000);
    expect(urls).toHaveLength(4);

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await advance(10);
    expect(urls).toHaveLength(5);
    expect(screen.getByText('Billing content')).toBeInTheDocument();
  });

  it('does not retry a refusal, and shows the error once the grace period is over', async () => {
    const urls = stubFetch(() => json({ error: { code: 'FORBIDDEN', message: 'Forbidden' } }, 403));
    renderGuarded(<PermissionGuard permissions={BILLING}>{content}</PermissionGuard>, { status: 'authenticated', user: user('staff') });
    await advance(100);
    expect(screen.getByTestId('loading-screen')).toBeInTheDocument();
    await advance(1400);
    expect(screen.getByRole('heading', { name: 'Permission Check Failed' })).toBeInTheDocument();
    expect(urls).toEqual([PERMISSIONS_URL]);
  });

  it('fails closed on an answer that is not a permission list', async () => {
    stubFetch(() => json({ data: { permissions: 'everything' } }));
    renderGuarded(<PermissionGuard permissions={BILLING}>{content}</PermissionGuard>, { status: 'authenticated', user: user('staff') });
    await advance(20_000);
    expect(screen.getByRole('heading', { name: 'Permission Check Failed' })).toBeInTheDocument();
    expect(screen.queryByText('Billing content')).not.toBeInTheDocument();
  });
});

describe('AccessDenied on its own', () => {
  it('says "Access Denied" when no reason is given', () => {
    renderGuarded(<AccessDenied />, { status: 'authenticated', user: user('doctor') });
    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my portal' })).toHaveAttribute('href', '/doctor-portal');
  });
});
