import { ROLES, type Role } from '../../../contracts/roles';

// localStorage holds no PHI (ADR 007). The stored session is only what the
// timers need and what lets a reload show the right shell at once; the user's name, email and
// everything else stay in memory and are fetched again from GET /api/auth/session.

export const SESSION_STORAGE_KEY = 'caredeck.session';

export interface StoredSession {
  userId: string;
  role: Role;
  /** Epoch ms of the last user activity seen in any tab. */
  lastActivity: number;
  /** Epoch ms when the session ends locally: the last activity plus the inactivity timeout. */
  sessionExpiry: number;
  /** Epoch ms when the server's sliding timeout ends unless a normal request renews it. */
  serverExpiresAt: number;
}

const FIELDS = ['userId', 'role', 'lastActivity', 'sessionExpiry', 'serverExpiresAt'] as const;

/** Parses a stored value; anything malformed counts as no session. */
export function parseStoredSession(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (typeof value !== 'object' || value === null) return null;
    const { userId, role, lastActivity, sessionExpiry, serverExpiresAt } = value;
    if (typeof userId !== 'string' || !userId || !ROLES.includes(role as Role)) return null;
    if (![lastActivity, sessionExpiry, serverExpiresAt].every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
    return {
      userId,
      role: role as Role,
      lastActivity: lastActivity as number,
      sessionExpiry: sessionExpiry as number,
      serverExpiresAt: serverExpiresAt as number,
    };
  } catch {
    return null;
  }
}

export function readStoredSession(storage: Storage | undefined = safeLocalStorage()): StoredSession | null {
  try {
    return parseStoredSession(storage?.getItem(SESSION_STORAGE_KEY) ?? null);
  } catch {
    return null;
  }
}

export function writeStoredSession(session: StoredSession, storage: Storage | undefined = safeLocalStorage()): void {
  // Only the listed fields, whatever the caller passed: nothing else can leak into storage.
  const record = Object.fromEntries(FIELDS.map((field) => [field, session[field]]));
  try {
    storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(record));
  } catch {
    /* storage unavailable: the session lasts for this tab only */
  }
}

export function clearStoredSession(storage: Storage | undefined = safeLocalStorage()): void {
  try {
    storage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    /* storage unavailable */
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
