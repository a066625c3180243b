import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorEnvelope } from '../../contracts/errors';
import { ERROR_STATUS } from '../../contracts/errors';
import { englishValidationMessage } from '../../contracts/validation-messages';
import { databaseBusyReason } from '../db/client';
import { AppError } from './app-error';
import { isOverload, RequestAbandonedError, sendBusy } from './overload';

// One error envelope for every failure: { error: { code, message, fields? } }. 5xx never carries
// internals: the client gets a generic message and the request id; the log gets the detail.

const STATUS_TO_CODE: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

const GENERIC_MESSAGES: Partial<Record<ErrorCode, string>> = {
  BAD_REQUEST: 'The request could not be understood.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not accepted.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
};

export function envelope(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorEnvelope {
  return { error: fields ? { code, message, fields } : { code, message } };
}

function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  const context = error.validationContext;
  for (const issue of error.validation ?? []) {
    const pointer = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    // Body fields keep their bare path so forms can show the message beside the input.
    const key = context && context !== 'body' ? [context, pointer].filter(Boolean).join('.') : pointer || '_';
    // Schemas carry message keys (ADR 008); API clients read the English text.
    fields[key] ??= englishValidationMessage(issue.message ?? 'Invalid value');
  }
  return fields;
}

export function errorHandler(this: FastifyInstance, error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Overload is a state, not a fault: a quick 503 with Retry-After, logged as a warning.
  if (error instanceof RequestAbandonedError) {
    request.log.info('request abandoned before its database work: the client is gone or its time ran out');
    return sendBusy(reply);
  }
  if (isOverload(error)) {
    request.log.warn({ reason: databaseBusyReason(error) ?? error.code }, 'too busy: answered 503 SERVER_BUSY');
    return sendBusy(reply);
  }
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'application error');
    const fields =
      error.fields && Object.fromEntries(Object.entries(error.fields).map(([path, message]) => [path, englishValidationMessage(message)]));
    if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.code(error.statusCode).send(envelope(error.code, error.message, fields));
  }

  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return reply.code(400).send(envelope('VALIDATION_FAILED', 'Some fields are not valid.', validationFields(error)));
  }

  if (isResponseSerializationError(error)) {
    // A response that does not match its schema is our bug; never send the unfiltered data.
    request.log.error({ err: error }, 'response did not match its schema');
    return reply.code(500).send(envelope('INTERNAL', GENERIC_MESSAGES.INTERNAL!));
  }

  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'unhandled error');
    const code: ErrorCode = status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL';
    return reply.code(status === 503 ? 503 : 500).send(envelope(code, GENERIC_MESSAGES[code]!));
  }

  const code = STATUS_TO_CODE[status] ?? 'BAD_REQUEST';
  // Fastify's own 4xx messages (bad JSON, body too large, rate limited) are safe to show.
  const message = code === 'RATE_LIMITED' ? GENERIC_MESSAGES.RATE_LIMITED! : error.message || GENERIC_MESSAGES[code] || 'Request failed.';
  return reply.code(ERROR_STATUS[code] === status ? status : ERROR_STATUS[code]).send(envelope(code, message));
}
