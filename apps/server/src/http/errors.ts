import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** Error codes and the HTTP status each maps to: the one place statuses are decided. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rule_broken: 422,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
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
export const ruleBroken = (message: string, field?: string) => new AppError('rule_broken', message, field);

/** The envelope for every failure, and the 500 that hides internals but logs them with the request id. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
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
      const field = where || String((first.params as { issue?: { path?: unknown[] } })?.issue?.path?.[0] ?? '');
      return reply.status(400).send({
        success: false,
        message: field ? `${field}: ${first.message}` : first.message,
        code: 'bad_request',
        ...(field ? { field } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ success: false, message: 'Too many requests. Try again in a minute.', code: 'rate_limited' });
    }
    if (status < 500) {
      return reply.status(status).send({ success: false, message: error.message, code: status === 413 ? 'bad_request' : 'bad_request' });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply
      .status(500)
      .send({ success: false, message: `Something went wrong on our side (request ${request.id}).`, code: 'internal' });
  });
}
