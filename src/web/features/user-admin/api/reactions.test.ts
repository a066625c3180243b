import { describe, expect, it } from 'vitest';
import { appReactions } from '../../../app/push-reactions';
import { staleQueries } from '../../../lib/realtime/feature-reactions';
import type { PushMessage } from '../../../lib/realtime/realtime-connection';
import { userPermissionsQuery, usersQuery } from './users';

// The users screen follows role and permission changes live: the list shows each person's role,
// a person's detail their permissions (the access cache's key, lib/permissions).

const USER = '6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f';
const OTHER = '0b6f3a52-9a6e-4c0e-8d41-2f9b7c1d5e60';

const refreshes = (message: PushMessage, queryKey: readonly unknown[]) =>
  staleQueries(appReactions, message).some((matches) => matches(queryKey));

describe('user admin push reactions', () => {
  it.each(['role_changed', 'role_updated', 'user_role_changed', 'general-update'])('%s refreshes every page of the users list', (type) => {
    expect(refreshes({ type, userId: USER }, usersQuery({}).queryKey)).toBe(true);
    expect(refreshes({ type, userId: USER }, usersQuery({ role: 'doctor', page: 2 }).queryKey)).toBe(true);
  });

  it('a permission change leaves the list alone and refreshes that user’s permissions', () => {
    const message: PushMessage = { type: 'permission_update', action: 'granted', userId: USER, permission: 'billing.view' };
    expect(refreshes(message, usersQuery({}).queryKey)).toBe(false);
    expect(refreshes(message, userPermissionsQuery(USER).queryKey)).toBe(true);
    expect(refreshes(message, userPermissionsQuery(OTHER).queryKey)).toBe(false);
  });

  it('other pushes touch neither', () => {
    const message: PushMessage = { type: 'appointment_update', action: 'created', userId: USER };
    expect(refreshes(message, usersQuery({}).queryKey)).toBe(false);
    expect(refreshes(message, userPermissionsQuery(USER).queryKey)).toBe(false);
  });
});
