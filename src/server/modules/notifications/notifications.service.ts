import type { AccessChangeEvent } from '../../../contracts/live-events';
import {
  NOTIFICATION_LINKS,
  type NotificationLink,
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationCode,
  type NotificationList,
  type NotificationMetadata,
  type NotificationPriority,
  type NotificationType,
} from '../../../contracts/notifications';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import { NotificationsRepository, type NotificationRow } from './notifications.repository';

// Notifications (docs/product.md). A notification belongs to one user: only that user lists, reads
// or deletes it, and any other id answers 404 like a missing one. Notifications may name patients,
// doctors and tests, so every read and write is audited (without their texts; the repository notes).
//
// Other modules create notifications inside their own write through `notifyIn` (stored with the
// write, pushed to the user's open sockets once it commits, so a rolled-back write tells nobody).
// Producers outside a request use `notify` (its own write). An access change is stored without a
// push of its own (`accessChangeIn`): its live event already tells the user.

/** A session just started, as the new-device check compares it. */
export interface SignedInSession {
  id: string;
  ip: string;
  userAgent: string | undefined;
}

export interface NewNotification {
  type: NotificationType;
  title: string;
  message: string;
  priority?: NotificationPriority;
  /** Where the notification leads: one of the links every view of which is checked. */
  actionUrl?: NotificationLink | null;
  metadata?: NotificationMetadata;
  code?: NotificationCode | null;
  params?: Record<string, string>;
}

export interface NotificationsServiceOptions {
  /** The context of work done for nobody in particular (a producer outside a request). */
  system: () => AccessContext;
  now?: () => Date;
}

export class NotificationsService {
  private readonly now: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: NotificationsServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  // The notification calls, for the signed-in user

  /** A list needs the user's id (400 without one), and it must be the caller's own (404 otherwise). */
  list(ctx: AccessContext, userId: string | undefined, page: { limit: number; cursor?: string }): Promise<NotificationList> {
    assertOwn(ctx, userId);
    return this.uow.read(ctx, async (work) => {
      const before = page.cursor ? parseCursor(page.cursor) : undefined;
      const { rows, unreadCount } = await work.use(NotificationsRepository).list(page.limit, before);
      const last = rows.length === page.limit ? rows[rows.length - 1] : undefined;
      return {
        notifications: rows.map(toNotification),
        unreadCount,
        nextCursor: last ? `${last.createdAt.toISOString()}_${last.id}` : null,
      };
    });
  }

  markRead(ctx: AccessContext, id: string): Promise<void> {
    return this.uow.write(ctx, (work) => work.use(NotificationsRepository).markRead(id, this.now()));
  }

  markAllRead(ctx: AccessContext, userId: string | undefined): Promise<number> {
    assertOwn(ctx, userId);
    return this.uow.write(ctx, (work) => work.use(NotificationsRepository).markAllRead(this.now()));
  }

  remove(ctx: AccessContext, id: string): Promise<void> {
    return this.uow.write(ctx, (work) => work.use(NotificationsRepository).delete(id));
  }

  // Creating notifications (other modules and the producers)

  /**
   * In a write: stores a notification for a user, and pushes it to that user's open sockets (on
   * every instance) once the write has committed. What other modules call.
   */
  async notifyIn(work: Work, userId: string, input: NewNotification): Promise<Notification> {
    return work.use(NotificationsRepository).create(toRow(userId, input), toNotification, this.now().toISOString());
  }

  /** Outside any other write: stores a notification for a user and pushes it to that user's open sockets once stored. */
  notify(userId: string, input: NewNotification): Promise<Notification> {
    return this.uow.write(this.options.system(), (work) => this.notifyIn(work, userId, input));
  }

  /**
   * Sign-in from a new device: the pair (address, browser) of this session was never
   * seen for the user before. The very first sign-in of an account is not news and is not reported.
   */
  async noteSignIn(userId: string, session: SignedInSession): Promise<Notification | null> {
    return this.uow.write(this.options.system(), (work) => this.noteSignInIn(work, userId, session));
  }

  /** In the sign-in's own write: a notice when the account was signed in to from a device not seen before. */
  async noteSignInIn(work: Work, userId: string, session: SignedInSession): Promise<Notification | null> {
    // Compared as the session store keeps them (shortened to 100 and 500 characters).
    const ip = session.ip.slice(0, 100);
    const userAgent = (session.userAgent ?? '').slice(0, 500);
    const earlier = await work.use(NotificationsRepository).earlierSessions(userId, session.id, ip, userAgent);
    if (earlier.total === 0 || earlier.sameDevice > 0) return null;
    return this.notifyIn(work, userId, {
      type: 'system',
      priority: 'high',
      title: 'New sign-in to your account',
      message:
        'Your account was just signed in to from a device or browser not seen before. If this was not you, change your password now.',
      actionUrl: NOTIFICATION_LINKS.accountSecurity,
      code: 'security.new_device',
    });
  }

  async notePasswordChanged(userId: string): Promise<Notification> {
    return this.uow.write(this.options.system(), (work) => this.passwordChangedIn(work, userId));
  }

  /** In the password change's own write. */
  passwordChangedIn(work: Work, userId: string): Promise<Notification> {
    return this.notifyIn(work, userId, {
      type: 'system',
      priority: 'high',
      title: 'Your password was changed',
      message: 'Your password was changed and your other sessions were signed out. If this was not you, reset your password now.',
      actionUrl: NOTIFICATION_LINKS.accountSecurity,
      code: 'security.password_changed',
    });
  }

  /**
   * A permission or role change, stored as a notification for the affected user in the change's own
   * write. Not pushed: the client toasts the change's live event itself and refetches the list on it,
   * which then already holds this notification.
   */
  async accessChangeIn(work: Work, event: AccessChangeEvent): Promise<Notification> {
    const input: NewNotification =
      event.type === 'role_changed'
        ? {
            type: 'system',
            priority: 'high',
            title: 'Your role was changed',
            message: event.message,
            code: 'access.role_changed',
            params: { role: event.role, action: event.action },
          }
        : {
            type: 'system',
            priority: 'medium',
            title: 'Your permissions were changed',
            message: event.message,
            code: 'access.permissions_changed',
            params: { action: event.action, ...('permission' in event && event.permission ? { permission: event.permission } : {}) },
          };
    return toNotification(await work.use(NotificationsRepository).store(toRow(event.userId, input)));
  }
}

function assertOwn(ctx: AccessContext, userId: string | undefined): void {
  if (!userId) throw new AppError('BAD_REQUEST', NOTIFICATION_MESSAGES.userIdRequired);
  // Someone else's id is not found, exactly like an id that does not exist.
  if (userId !== ctx.user.userId) throw AppError.notFound();
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
