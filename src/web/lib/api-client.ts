import type { QueryFunction } from '@tanstack/react-query';
import { EARLY_ROUTES } from '../../contracts/early-routes';
import { i18next } from './i18n';

// The one way the browser talks to the server: paths are prefixed with /api, cookies
// are sent, answers must be JSON, and a CSRF token is fetched and sent before every unsafe method.

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fields?: Record<string, string>,
    /** From the answer's Retry-After (a busy or rate-limited server): how long to wait before trying again. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server could not take the request now (503 SERVER_BUSY or any 503): it did nothing. */
export function isServerBusy(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 503;
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface ServerBusyNotice {
  method: string;
  path: string;
  /** How long the server asked us to wait (Retry-After), when it said. */
  retryAfterMs: number | undefined;
}
let onServerBusy: ((notice: ServerBusyNotice) => void) | undefined;

/** The app listens here to tell the person that the server is busy (reads are retried after the wait). */
export function setServerBusyHandler(handler: ((notice: ServerBusyNotice) => void) | undefined): () => void {
  onServerBusy = handler;
  return () => {
    if (onServerBusy === handler) onServerBusy = undefined;
  };
}

let onMfaEnrolmentRequired: (() => void) | undefined;

/**
 * The app listens here: a call refused with 403 MFA_ENROLMENT_REQUIRED means the person's role must
 * use a second factor and they have none yet, so they are taken to where they set it up.
 */
export function setMfaEnrolmentHandler(handler: (() => void) | undefined): () => void {
  onMfaEnrolmentRequired = handler;
  return () => {
    if (onMfaEnrolmentRequired === handler) onMfaEnrolmentRequired = undefined;
  };
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Polls send this so they do not count as activity for the server's idle timeout. */
export const BACKGROUND_HEADER = 'x-caredeck-background';
let csrfToken: string | undefined;
let onSessionRejected: ((path: string) => void) | undefined;

export interface RequestOptions {
  /** A poll the user did not ask for: the server does not slide its inactivity timer for it. */
  background?: boolean;
  /**
   * One key per user action (lib/idempotency.ts), sent as Idempotency-Key: the server answers a
   * retry of the same action with the first outcome instead of doing it twice.
   */
  idempotencyKey?: string;
  /**
   * A clinician's emergency reason for reaching a chart outside their care ("break the glass"),
   * sent as X-Break-Glass-Reason. Percent-encoded: a header carries Latin-1 only, a reason may be
   * written in any language.
   */
  breakGlassReason?: string;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';

function addBreakGlassReason(headers: Record<string, string>, reason: string | undefined): void {
  if (reason) headers['x-break-glass-reason'] = encodeURIComponent(reason);
}

export function apiUrl(path: string): string {
  return path.startsWith('/api/') || path === '/api' ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
}

interface ErrorBody {
  error?: string | { code?: string; message?: string; fields?: Record<string, string> };
  message?: string;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) {
    throw new ApiError(i18next.t('errors:api.htmlInsteadOfJson', { status: response.status }), response.status);
  }
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(`${response.status}: ${text}`, response.status);
  }
}

function errorFrom(response: Response, body: unknown): ApiError {
  const b = (body ?? {}) as ErrorBody;
  const wait = retryAfterMs(response.headers.get('retry-after'));
  if (b.error && typeof b.error === 'object') {
    return new ApiError(b.error.message || i18next.t('errors:api.generic'), response.status, b.error.code, b.error.fields, wait);
  }
  const message = (typeof b.error === 'string' && b.error) || b.message || i18next.t('errors:api.generic');
  return new ApiError(message, response.status, undefined, undefined, wait);
}

/**
 * A GET whose answer is a file (a report): its body and the attachment's name. A refusal throws the
 * server's ApiError, as `api` does, so the caller words it by code. An emergency reason goes in its
 * header, as with `api`.
 */
export async function fetchFile(
  path: string,
  options: Pick<RequestOptions, 'breakGlassReason'> = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const headers: Record<string, string> = {};
  addBreakGlassReason(headers, options.breakGlassReason);
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { credentials: 'include', headers });
  } catch {
    throw new ApiError(i18next.t('errors:api.network'), 0, 'NETWORK');
  }
  if (!response.ok) throw errorFrom(response, await readJson(response));
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

/** Asks the server for the session's CSRF token (and keeps it): for a request not sent through `api`, like an upload. */
export async function fetchCsrfToken(): Promise<string> {
  const body = (await request<{ csrfToken: string }>('GET', '/csrf-token')) ?? { csrfToken: '' };
  csrfToken = body.csrfToken;
  return csrfToken;
}

/** Forget the cached CSRF token (after sign-in or sign-out the server issues a new one). */
export function resetCsrfToken(): void {
  csrfToken = undefined;
}

/**
 * The session client listens here: any answer 401 UNAUTHENTICATED means the server no longer knows
 * this browser's session (expired, revoked, signed out elsewhere). Returns the unsubscribe function.
 */
export function setSessionRejectedHandler(handler: ((path: string) => void) | undefined): () => void {
  onSessionRejected = handler;
  return () => {
    if (onSessionRejected === handler) onSessionRejected = undefined;
  };
}

/**
 * Calls that give this browser a new session (a password change ends every session and answers
 * with a fresh cookie). A request sent while one is on its way may still carry the old cookie, and
 * a live event caused by the change (its security notice) makes the page ask again at exactly that
 * moment. Its 401 says nothing about the new session: it is asked again once, after the change.
 */
let sessionTurns = 0;
let turning: Promise<unknown> | null = null;

export function replacingSession<T>(call: () => Promise<T>): Promise<T> {
  const pending = call().finally(() => {
    sessionTurns += 1;
    if (turning === pending) turning = null;
  });
  turning = pending;
  return pending;
}

/**
 * Signing out: from the moment the server is asked to end the session, the signed-in page is on its
 * way out. A view that asks for data in that moment would only be answered 401 (and the browser
 * logs every 401); its request is not sent, and fails as signed out once the sign-out is done.
 */
let ending: Promise<unknown> | null = null;
/** What the sign-out call itself needs to go through (compared as full /api paths, however a caller wrote it). */
const SIGN_OUT_PATHS = new Set([EARLY_ROUTES.authLogout.path, apiUrl('/csrf-token')]);

/**
 * What must settle before the server is asked to end the session. The live connection is one: a
 * WebSocket handshake still on its way would reach the server after the session is gone, and be
 * refused with a 401 the browser logs. Each step may take at most SIGN_OUT_STEP_LIMIT_MS.
 */
const signOutSteps = new Set<() => Promise<void> | void>();
export const SIGN_OUT_STEP_LIMIT_MS = 2000;

/** Registers a step to run when a sign-out begins; returns its removal. */
export function beforeSessionEnds(step: () => Promise<void> | void): () => void {
  signOutSteps.add(step);
  return () => signOutSteps.delete(step);
}

/** True from the moment a sign-out begins until the server has answered it. */
export function isSessionEnding(): boolean {
  return ending !== null;
}

function runSignOutSteps(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SIGN_OUT_STEP_LIMIT_MS);
  });
  const steps = Promise.allSettled([...signOutSteps].map(async (step) => step())).then(() => undefined);
  return Promise.race([steps, limit]).finally(() => clearTimeout(timer));
}

export function endingSession<T>(call: () => Promise<T>): Promise<T> {
  // Without steps the call goes out at once, as before any step was registered.
  const pending = signOutSteps.size === 0 ? call() : runSignOutSteps().then(call);
  ending = pending;
  const release = () => {
    if (ending === pending) ending = null;
  };
  pending.then(release, release);
  return pending;
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
  retriedCsrf = false,
  retriedTurn = false,
): Promise<T> {
  if (ending && !SIGN_OUT_PATHS.has(apiUrl(path.split('?')[0]!))) {
    await ending.catch(() => undefined);
    throw new ApiError(i18next.t('errors:api.generic'), 401, 'UNAUTHENTICATED');
  }
  const turnAtSend = sessionTurns;
  const turningAtSend = turning;
  const headers: Record<string, string> = { accept: 'application/json' };
  // A form (a message with files) goes as multipart: the browser writes its content type and boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (options.background) headers[BACKGROUND_HEADER] = '1';
  if (options.idempotencyKey && UNSAFE_METHODS.has(method)) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  addBreakGlassReason(headers, options.breakGlassReason);
  if (UNSAFE_METHODS.has(method)) headers['x-csrf-token'] = csrfToken ?? (await fetchCsrfToken());

  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(i18next.t('errors:api.network'), 0, 'NETWORK');
  }

  const data = await readJson(response);
  if (!response.ok) {
    const error = errorFrom(response, data);
    // A token from before a sign-in, sign-out or restart is refused once; fetch a new one and retry.
    if (error.code === 'CSRF_INVALID' && !retriedCsrf) {
      resetCsrfToken();
      return request<T>(method, path, body, options, true, retriedTurn);
    }
    if (response.status === 401 && error.code === 'UNAUTHENTICATED') {
      if (!retriedTurn && (turningAtSend || turning || turnAtSend !== sessionTurns)) {
        await (turning ?? turningAtSend)?.catch(() => undefined);
        return request<T>(method, path, body, options, retriedCsrf, true);
      }
      onSessionRejected?.(path);
    }
    if (isServerBusy(error)) onServerBusy?.({ method, path, retryAfterMs: error.retryAfterMs });
    if (response.status === 403 && error.code === 'MFA_ENROLMENT_REQUIRED') onMfaEnrolmentRequired?.();
    throw error;
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body ?? {}, options),
  /** A multipart form, for a route that takes files; the CSRF token and the error handling as for JSON. */
  postForm: <T>(path: string, form: FormData, options?: RequestOptions) => request<T>('POST', path, form, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};

/** The default data query uses its first query key as the GET URL. */
export const defaultQueryFn: QueryFunction = ({ queryKey }) => {
  const [url] = queryKey;
  if (typeof url !== 'string') throw new Error('The first query key must be the URL to GET');
  return api.get(url);
};
