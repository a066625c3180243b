import { describe, expect, it } from 'vitest';
import { COVERAGE_EVENT_TYPES } from '../../../../contracts/live-events';
import { appReactions } from '../../../app/push-reactions';
import { staleQueries } from '../../../lib/realtime/feature-reactions';
import type { PushMessage } from '../../../lib/realtime/realtime-connection';
import { dashboardStatsQuery, rolesQuery, securityQuery } from './admin-console';

// The admin home's figures follow the clinic live; the roles and security views follow access changes.

const refreshes = (message: PushMessage, queryKey: readonly unknown[]) =>
  staleQueries(appReactions, message).some((matches) => matches(queryKey));

describe('admin console push reactions', () => {
  it.each(['appointment_update', 'patient-created', 'general-update', ...COVERAGE_EVENT_TYPES])(
    '%s refreshes the home’s figures',
    (type) => {
      expect(refreshes({ type }, dashboardStatsQuery().queryKey)).toBe(true);
      expect(refreshes({ type }, rolesQuery().queryKey)).toBe(false);
    },
  );

  it.each(['permission_update', 'permission_updated', 'user_permissions_changed', 'role_changed', 'role_updated', 'user_role_changed'])(
    '%s refreshes the roles, the security view and the home',
    (type) => {
      expect(refreshes({ type, userId: 'u' }, rolesQuery().queryKey)).toBe(true);
      expect(refreshes({ type, userId: 'u' }, securityQuery().queryKey)).toBe(true);
      expect(refreshes({ type, userId: 'u' }, dashboardStatsQuery().queryKey)).toBe(true);
    },
  );

  it('a desk status or a message leaves them alone', () => {
    expect(refreshes({ type: 'staff_status_update' }, dashboardStatsQuery().queryKey)).toBe(false);
    expect(refreshes({ type: 'new_message' }, securityQuery().queryKey)).toBe(false);
  });
});
