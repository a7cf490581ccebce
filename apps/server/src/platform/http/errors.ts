import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** Error codes and the HTTP status each maps to: the one place statuses are decided. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rule_broken: 422,
  too_large: 413,
  rate_limited: 429,
  /** An outside provider refused what we asked for (not the user's input): its message is passed on. */
  provider_refused: 502,
  /** A provider or a part of ours is down, slow or rate limiting us: try again after `Retry-After`. */
  unavailable: 503,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The code of a status Fastify or a plugin chose (413 body too large, 415, ...): its own, else bad_request. */
function codeOfStatus(status: number): ErrorCode {
  return (Object.keys(ERROR_STATUS) as ErrorCode[]).find((c) => ERROR_STATUS[c] === status) ?? 'bad_request';
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** Seconds to wait before trying again: sent as the Retry-After header (a 503 or 429). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badRequest = (message: string, field?: string) => new AppError('bad_request', message, field);
export const unauthorized = (message = 'Please sign in.') => new AppError('unauthorized', message);
export const forbidden = (message = 'You do not have access to this account.') => new AppError('forbidden', message);
export const notFound = (message = 'Not found.') => new AppError('not_found', message);
export const conflict = (message: string, field?: string) => new AppError('conflict', message, field);
/** 402: the balance cannot cover a paid action (the message says why). */
export const paymentRequired = (message: string, field?: string) => new AppError('payment_required', message, field);
export const ruleBroken = (message: string, field?: string) => new AppError('rule_broken', message, field);

/** The envelope for every failure, and the 500 that hides internals but logs them with the request id. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.status).send({
        success: false,
        message: error.message,
        code: error.code,
        ...(error.field ? { field: error.field } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const where = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const params = first.params as { issue?: { path?: unknown[] }; keys?: string[] } | undefined;
      const issuePath = params?.issue?.path ?? [];
      // A whole part missing or of the wrong shape (no body, a JSON array) names the part itself.
      const part = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
      let field = where || issuePath.map(String).join('.') || part;
      let message = first.message;
      // A strict object's extra key is named like the top-level ones: "<path>.<key>: unknown field".
      if (first.keyword === 'unrecognized_keys' && params?.keys?.length) {
        field = [where || issuePath.map(String).join('.'), params.keys[0]].filter(Boolean).join('.');
        message = 'unknown field';
      }
      return reply.status(400).send({
        success: false,
        message: field ? `${field}: ${message}` : message,
        code: 'bad_request',
        ...(field ? { field } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ success: false, message: 'Too many requests. Try again in a minute.', code: 'rate_limited' });
    }
    if (status < 500) {
      // Fastify's own errors (body parsing, content type) get the envelope and a message of ours: theirs
      // can echo the request.
      const known = FRAMEWORK_ERRORS[error.code];
      return reply.status(status).send({
        success: false,
        message: known?.message ?? 'The request could not be read.',
        code: codeOfStatus(status),
        field: known?.field ?? 'body',
      });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply
      .status(500)
      .send({ success: false, message: `Something went wrong on our side (request ${request.id}).`, code: 'internal' });
  });
}

/** Fastify's own client errors, in words that never repeat the request (its messages can hold the URL). */
const FRAMEWORK_ERRORS: Record<string, { message: string; field: string }> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'body: is empty; send a JSON object.', field: 'body' },
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'body: is not valid JSON.', field: 'body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'body: is too large.', field: 'body' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: 'content-type: send application/json (or multipart/form-data for files).',
    field: 'content-type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { message: 'content-length: does not match the body.', field: 'content-length' },
  FST_ERR_CTP_INVALID_TYPE: { message: 'content-type: is not a valid content type.', field: 'content-type' },
  FST_ERR_BAD_URL: { message: 'url: is not valid (bad percent-encoding).', field: 'url' },
  FST_ERR_MAX_PARAM_LENGTH: { message: 'url: a path segment is too long.', field: 'url' },
  FST_ERR_ASYNC_CONSTRAINT: { message: 'url: could not be routed.', field: 'url' },
  FST_REQ_FILE_TOO_LARGE: { message: 'file: is too large.', field: 'file' },
  FST_FILES_LIMIT: { message: 'file: send one file.', field: 'file' },
  FST_PARTS_LIMIT: { message: 'body: has too many parts.', field: 'body' },
  FST_FIELDS_LIMIT: { message: 'body: has too many fields.', field: 'body' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { message: 'content-type: send the file as multipart/form-data.', field: 'content-type' },
};

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (bad percent-encoding, an overlong
 * path segment) answered in the envelope, without the URL (it can carry a session token).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code] ?? { message: 'The request could not be read.', field: 'url' };
  reply.code(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send({ success: false, ...known, code: 'bad_request' });
}
