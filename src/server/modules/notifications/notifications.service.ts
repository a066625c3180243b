import type { LiveEvent } from '../../../contracts/live-events';
import {
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationCode,
  type NotificationList,
  type NotificationMetadata,
  type NotificationPriority,
  type NotificationType,
} from '../../../contracts/notifications';
import type { Database } from '../../db/client';
import type { NotificationRow } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import type { AuditEventInput, AuditLog } from '../../platform/audit';
import type { EventBus } from '../../platform/events';
import type { Work } from '../../platform/unit-of-work';
import { NotificationsRepository } from './notifications.repository';

// Notifications (spec §3 Notification (server), §4 Notification, §7 notification calls, §8). A
// notification belongs to one user: only that user lists, reads or deletes it, and any other id
// answers 404 like a missing one (DESIGN.md §10 "notification ownership"). Notifications may name
// patients, doctors and tests, so every read and write is audited (without their texts).
//
// Other modules create notifications through `notify` (stored and pushed to the user's open sockets
// in one step) or `record` (stored only, when the push already happened another way).

export interface NewNotification {
  type: NotificationType;
  title: string;
  message: string;
  priority?: NotificationPriority;
  actionUrl?: string | null;
  metadata?: NotificationMetadata;
  code?: NotificationCode | null;
  params?: Record<string, string>;
}

export type AuditContext = Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'userAgent' | 'requestId'>;

export interface NotificationsServiceOptions {
  audit: AuditLog;
  events: EventBus;
  now?: () => Date;
}

export class NotificationsService {
  private readonly repository: NotificationsRepository;
  private readonly now: () => Date;

  constructor(
    db: Database,
    private readonly options: NotificationsServiceOptions,
  ) {
    this.repository = new NotificationsRepository(db);
    this.now = options.now ?? (() => new Date());
  }

  // The calls of spec §7, for the signed-in user

  /** Spec §5 "Notification fetch requires a user id"; it must be the caller's own (404 otherwise). */
  async list(
    actorUserId: string,
    userId: string | undefined,
    page: { limit: number; cursor?: string },
    ctx: AuditContext,
  ): Promise<NotificationList> {
    this.assertOwn(actorUserId, userId);
    const before = page.cursor ? parseCursor(page.cursor) : undefined;
    const rows = await this.repository.list(actorUserId, page.limit, before);
    const unreadCount = await this.repository.unreadCount(actorUserId);
    await this.audit(ctx, 'notifications.list', actorUserId, { count: rows.length });
    const last = rows.length === page.limit ? rows[rows.length - 1] : undefined;
    return {
      notifications: rows.map(toNotification),
      unreadCount,
      nextCursor: last ? `${last.createdAt.toISOString()}_${last.id}` : null,
    };
  }

  async markRead(actorUserId: string, id: string, ctx: AuditContext): Promise<void> {
    const done = isUuid(id) && (await this.repository.markRead(actorUserId, id, this.now()));
    if (!done) return this.notFound(ctx, 'notification.read', id);
    await this.audit(ctx, 'notification.read', id);
  }

  async markAllRead(actorUserId: string, userId: string | undefined, ctx: AuditContext): Promise<number> {
    this.assertOwn(actorUserId, userId);
    const updated = await this.repository.markAllRead(actorUserId, this.now());
    await this.audit(ctx, 'notifications.read-all', actorUserId, { updated });
    return updated;
  }

  async remove(actorUserId: string, id: string, ctx: AuditContext): Promise<void> {
    const done = isUuid(id) && (await this.repository.delete(actorUserId, id));
    if (!done) return this.notFound(ctx, 'notification.deleted', id);
    await this.audit(ctx, 'notification.deleted', id);
  }

  // Creating notifications (other modules and the producers)

  /**
   * In a write: stores a notification for a user, and pushes it to that user's open sockets (on
   * every instance) once the write has committed. What other modules call.
   */
  async notifyIn(work: Work, userId: string, input: NewNotification): Promise<Notification> {
    const notification = toNotification(await new NotificationsRepository(work.db).insert(toRow(userId, input)));
    effectsOf(work).push({ recipients: [userId], event: { type: 'notification', notification, timestamp: this.now().toISOString() } });
    return notification;
  }

  /** Stores a notification for a user and pushes it to that user's open sockets, on every instance. */
  async notify(userId: string, input: NewNotification): Promise<Notification> {
    const notification = toNotification(await this.repository.insert(toRow(userId, input)));
    await this.options.events.publish({
      recipients: [userId],
      event: { type: 'notification', notification, timestamp: this.now().toISOString() },
    });
    return notification;
  }

  /**
   * Stores without pushing, once per `sourceKey`: for facts the client already hears about as their
   * own live event, and which every instance of the bus sees (the first instance stores, the rest
   * find the key taken). Null when it was stored already or the user does not exist.
   */
  async record(userId: string, input: NewNotification, sourceKey: string): Promise<Notification | null> {
    const row = await this.repository.insertOnce({ ...toRow(userId, input), sourceKey });
    return row ? toNotification(row) : null;
  }

  /**
   * Sign-in from a new device (issue 5 item 6): the pair (address, browser) of this session was never
   * seen for the user before. The very first sign-in of an account is not news and is not reported.
   */
  async noteSignIn(userId: string, session: { id: string; ip: string; userAgent: string | undefined }): Promise<Notification | null> {
    // Compared as the session store keeps them (shortened to 100 and 500 characters).
    const ip = session.ip.slice(0, 100);
    const userAgent = (session.userAgent ?? '').slice(0, 500);
    const earlier = await this.repository.earlierSessions(userId, session.id, ip, userAgent);
    if (earlier.total === 0 || earlier.sameDevice > 0) return null;
    return this.notify(userId, {
      type: 'system',
      priority: 'high',
      title: 'New sign-in to your account',
      message:
        'Your account was just signed in to from a device or browser not seen before. If this was not you, change your password now.',
      actionUrl: '/settings',
      code: 'security.new_device',
    });
  }

  async notePasswordChanged(userId: string): Promise<Notification> {
    return this.notify(userId, {
      type: 'system',
      priority: 'high',
      title: 'Your password was changed',
      message: 'Your password was changed and your other sessions were signed out. If this was not you, reset your password now.',
      actionUrl: '/settings',
      code: 'security.password_changed',
    });
  }

  /**
   * A permission or role change (published by the access area) becomes a stored notification for
   * the affected user. Not pushed again: the client toasts the live event itself and refetches the
   * notification list on it.
   */
  async recordAccessChange(event: LiveEvent): Promise<Notification | null> {
    if (event.type === 'notification' || event.type === 'medication_update' || event.type === 'appointment_update') return null;
    const sourceKey = `${event.type}:${event.action}:${'permission' in event ? (event.permission ?? '') : ''}:${event.timestamp}`;
    if (event.type === 'role_changed') {
      return this.record(
        event.userId,
        {
          type: 'system',
          priority: 'high',
          title: 'Your role was changed',
          message: event.message,
          code: 'access.role_changed',
          params: { role: event.role, action: event.action },
        },
        sourceKey,
      );
    }
    return this.record(
      event.userId,
      {
        type: 'system',
        priority: 'medium',
        title: 'Your permissions were changed',
        message: event.message,
        code: 'access.permissions_changed',
        params: { action: event.action, ...('permission' in event && event.permission ? { permission: event.permission } : {}) },
      },
      sourceKey,
    );
  }

  private assertOwn(actorUserId: string, userId: string | undefined): void {
    if (!userId) throw new AppError('BAD_REQUEST', NOTIFICATION_MESSAGES.userIdRequired);
    // Someone else's id is not found, exactly like an id that does not exist.
    if (userId !== actorUserId) throw AppError.notFound();
  }

  private async notFound(ctx: AuditContext, action: string, id: string): Promise<never> {
    await this.options.audit.record({
      ...ctx,
      action,
      outcome: 'failure',
      resourceType: 'notification',
      resourceId: isUuid(id) ? id : null,
      details: { reason: 'not-found' },
    });
    throw AppError.notFound();
  }

  private async audit(ctx: AuditContext, action: string, resourceId: string, details?: Record<string, unknown>): Promise<void> {
    await this.options.audit.record({
      ...ctx,
      action,
      outcome: 'success',
      resourceType: 'notification',
      resourceId,
      details: details ?? null,
    });
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isUuid(value: string): boolean {
  return UUID.test(value);
}

function parseCursor(cursor: string): { createdAt: Date; id: string } {
  const separator = cursor.indexOf('_');
  return { createdAt: new Date(cursor.slice(0, separator)), id: cursor.slice(separator + 1) };
}

function toRow(userId: string, input: NewNotification) {
  return {
    userId,
    type: input.type,
    title: input.title,
    message: input.message,
    priority: input.priority ?? 'medium',
    actionUrl: input.actionUrl ?? null,
    metadata: input.metadata ?? {},
    code: input.code ?? null,
    params: input.params ?? {},
  };
}

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    isRead: row.readAt !== null,
    priority: row.priority,
    actionUrl: row.actionUrl,
    metadata: row.metadata,
    code: row.code,
    params: row.params,
  };
}

function effectsOf(work: Work) {
  if (!work.effects) throw new Error('A notification is sent from a write (uow.write), not a read');
  return work.effects;
}
