import { ERROR_STATUS, type ErrorCode } from '../../contracts/errors';

/**
 * The one application error. Services throw it; the error handler maps it to HTTP.
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** How long to wait before trying again, sent as Retry-After (a refusal for now, not for good). */
  retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }

  static notFound(message = 'Not found'): AppError {
    return new AppError('NOT_FOUND', message);
  }

  /** 429: too many of these; try again in `seconds`. */
  static rateLimited(seconds: number, message = 'Too many requests. Please wait a moment and try again.'): AppError {
    const error = new AppError('RATE_LIMITED', message);
    error.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return error;
  }
}
