import { describe, expect, it } from 'vitest';
import { appReactions } from '../../app/push-reactions';
import { staleQueries } from '../realtime/feature-reactions';
import type { PushMessage } from '../realtime/realtime-connection';
import { notificationFixture } from '../realtime/testing/fixtures';
import { permissionsQuery, permissionsQueryKey } from './permissions-query';

// A permission or role change makes the named user's permission list stale, in the cache the
// frame's checks read, as the live connection applies the app's reactions.

const USER = '6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f';
const OTHER = '0b6f3a52-9a6e-4c0e-8d41-2f9b7c1d5e60';

function refreshed(message: PushMessage, keys: readonly (readonly unknown[])[]): unknown[] {
  const stale = staleQueries(appReactions, message);
  return keys.filter((key) => stale.some((matches) => matches(key))).map((key) => key[0]);
}

describe('access reactions', () => {
  it('keys the permission cache by its contract', () => {
    expect(permissionsQueryKey(USER)).toEqual([`/api/users/${USER}/permissions`]);
    expect(permissionsQuery(USER).queryKey).toEqual(permissionsQueryKey(USER));
  });

  it.each(['permission_update', 'permission_updated', 'user_permissions_changed', 'role_changed', 'role_updated', 'user_role_changed'])(
    "%s makes the named user's permission list stale, nobody else's",
    (type) => {
      const message = { type, action: 'updated', userId: USER };
      expect(refreshed(message, [permissionsQueryKey(USER), permissionsQueryKey(OTHER)])).toEqual([`/api/users/${USER}/permissions`]);
    },
  );

  it('without a user named, every cached permission list', () => {
    expect(
      refreshed({ type: 'permission_updated', action: 'revoked' }, [permissionsQueryKey(USER), permissionsQueryKey(OTHER)]),
    ).toHaveLength(2);
  });

  it('refresh the bell too, where the server stored the change as a notification', () => {
    expect(refreshed({ type: 'user_permissions_changed', action: 'bulk_revoked', userId: USER }, [['/api/notifications']])).toEqual([
      '/api/notifications',
    ]);
  });

  it('other pushes leave the permission list alone, a stored access notification included', () => {
    const notification = { type: 'notification', notification: notificationFixture({ code: 'access.permissions_changed' }) };
    expect(refreshed(notification, [permissionsQueryKey(USER)])).toEqual([]);
    expect(refreshed({ type: 'appointment_update', action: 'created', userId: USER }, [permissionsQueryKey(USER)])).toEqual([]);
  });
});
