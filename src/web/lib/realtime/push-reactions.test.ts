import { describe, expect, it } from 'vitest';
import { reactionFor, toastVariant } from './push-reactions';
import type { Notification } from '../../../contracts/notifications';
import type { PushMessage } from './realtime-connection';
import { notificationFixture } from './testing/fixtures';

// What each pushed message does besides refreshing data: its toast's colour and duration, and
// whether it re-fetches the session. The queries each one makes stale are the features' (their
// reactions tests, and app/push-reactions.test.ts for the whole app).

const USER = '6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f';
const NOW = '2026-03-01T10:00:00.000Z';

function notification(overrides: Partial<Notification> = {}): PushMessage {
  return { type: 'notification', timestamp: NOW, notification: notificationFixture({ createdAt: NOW, ...overrides }) };
}

describe('toast colour', () => {
  it('follows the rule in its order', () => {
    expect(toastVariant('high', 'appointment_confirmed')).toBe('error');
    expect(toastVariant('low', 'emergency_alert')).toBe('error');
    expect(toastVariant('medium', 'appointment_confirmed')).toBe('success');
    expect(toastVariant(undefined, 'leave_request_approved')).toBe('success');
    expect(toastVariant('medium', 'appointment_cancelled')).toBe('warning');
    expect(toastVariant(undefined, 'leave_request_rejected')).toBe('warning');
    expect(toastVariant('low', 'lab_result')).toBe('info');
  });

  it('reads the action of an update, so a cancelled appointment warns', () => {
    expect(reactionFor({ type: 'appointment_update', action: 'cancelled' })?.toast?.variant).toBe('warning');
    expect(reactionFor({ type: 'appointment_update', action: 'created' })?.toast?.variant).toBe('info');
    expect(reactionFor({ type: 'leave_request_update', action: 'approved' })?.toast?.variant).toBe('success');
  });

  it('colours a notification by its priority and type', () => {
    expect(reactionFor(notification({ priority: 'high' }))?.toast).toEqual({ variant: 'error', durationMs: 10_000 });
    expect(reactionFor(notification())?.toast).toEqual({ variant: 'info', durationMs: 5000 });
  });
});

describe('toast durations', () => {
  it.each([
    [{ type: 'medication_update', action: 'created' }, 6000],
    [{ type: 'appointment_update', action: 'updated' }, 6000],
    [{ type: 'appointment_reassigned' }, 6000],
    [{ type: 'permission_update', action: 'granted', userId: USER, message: 'm', timestamp: NOW }, 7000],
    [{ type: 'permission_updated', action: 'revoked' }, 7000],
    [{ type: 'user_permissions_changed', action: 'bulk_assigned', userId: USER, message: 'm', timestamp: NOW }, 8000],
    [{ type: 'role_changed', action: 'promoted', userId: USER, role: 'admin', message: 'm', timestamp: NOW }, 9000],
    [{ type: 'user_role_changed', action: 'changed' }, 9000],
    [{ type: 'staff_status_update' }, 4000],
    [{ type: 'vitals_update', action: 'created' }, 5000],
    [{ type: 'new_message' }, 5000],
    [{ type: 'appointment_update', action: 'created', priority: 'high' }, 10_000],
    [{ type: 'staff_status_update', priority: 'high' }, 10_000],
  ])('%o shows for %i ms', (message, ms) => {
    expect(reactionFor(message as PushMessage)?.toast?.durationMs).toBe(ms);
  });
});

describe('what is ignored', () => {
  it.each(['ping', 'pong', 'connection_established', 'something_unknown'])('%s does nothing', (type) => {
    expect(reactionFor({ type })).toBeNull();
  });

  it('drops a malformed notification', () => {
    expect(reactionFor({ type: 'notification', notification: { id: 'x' } })).toBeNull();
  });

  it('updates the bell without a second toast for access changes told by their own push', () => {
    const reaction = reactionFor(notification({ code: 'access.permissions_changed', type: 'system' }));
    expect(reaction).toMatchObject({ toast: null, refreshAccess: false });
  });

  it('updates the bell without a second toast for appointment changes, whose appointment_update carries it', () => {
    expect(reactionFor(notification({ code: 'appointment.patient_cancelled', type: 'appointment' }))).toMatchObject({ toast: null });
    expect(reactionFor({ type: 'appointment_update', action: 'cancelled' })?.toast).toEqual({ variant: 'warning', durationMs: 6000 });
  });
});

describe('access changes', () => {
  it.each(['permission_update', 'permission_updated', 'user_permissions_changed', 'role_changed', 'role_updated', 'user_role_changed'])(
    '%s re-fetches the session (and its permission list is stale: lib/permissions/access-reactions.test.ts)',
    (type) => {
      expect(reactionFor({ type, action: 'updated', userId: USER })?.refreshAccess).toBe(true);
    },
  );

  it('other pushes do not touch the session', () => {
    expect(reactionFor({ type: 'appointment_update', action: 'created' })?.refreshAccess).toBe(false);
    expect(reactionFor(notification())?.refreshAccess).toBe(false);
  });
});
