import { describe, expect, it } from 'vitest';
import { notificationCategory, toastAllowed } from './notification-category';

const notification = (type: string, extra: Record<string, unknown> = {}) => ({
  type: 'notification',
  timestamp: '2026-01-01T00:00:00.000Z',
  notification: {
    id: '6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f',
    type,
    title: 'T',
    message: 'M',
    createdAt: '2026-01-01T00:00:00.000Z',
    isRead: false,
    priority: 'medium',
    actionUrl: null,
    metadata: {},
    code: null,
    params: {},
    ...extra,
  },
});

const ALL_ON = { appointments: true, labResults: true, messages: true, system: true };

describe('notification categories', () => {
  it('sorts pushes into the kinds a user can silence', () => {
    expect(notificationCategory({ type: 'appointment_update', action: 'cancelled' })).toBe('appointments');
    expect(notificationCategory({ type: 'coverage_assigned' })).toBe('appointments');
    expect(notificationCategory({ type: 'new_message' })).toBe('messages');
    expect(notificationCategory({ type: 'general-update' })).toBe('system');
    expect(notificationCategory({ type: 'leave_approved' })).toBe('system');
    expect(notificationCategory(notification('lab_result'))).toBe('labResults');
    expect(notificationCategory(notification('reminder'))).toBe('appointments');
    expect(notificationCategory(notification('message'))).toBe('messages');
  });

  it('never lets access changes, high priority or emergencies be silenced', () => {
    expect(notificationCategory({ type: 'permission_update' })).toBeNull();
    expect(notificationCategory({ type: 'role_changed' })).toBeNull();
    expect(notificationCategory({ type: 'emergency_alert' })).toBeNull();
    expect(notificationCategory({ type: 'appointment_update', priority: 'high' })).toBeNull();
    expect(notificationCategory(notification('lab_result', { priority: 'high' }))).toBeNull();
    expect(notificationCategory(notification('system', { code: 'access.granted' }))).toBeNull();
    expect(toastAllowed({ type: 'role_changed' }, { ...ALL_ON, system: false })).toBe(true);
  });

  it('hides the toast of a silenced kind only', () => {
    const prefs = { ...ALL_ON, appointments: false };
    expect(toastAllowed({ type: 'appointment_update' }, prefs)).toBe(false);
    expect(toastAllowed({ type: 'new_message' }, prefs)).toBe(true);
    expect(toastAllowed({ type: 'appointment_update' }, undefined)).toBe(true);
  });
});
