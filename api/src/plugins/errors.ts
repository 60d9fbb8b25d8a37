import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@zalik/contract';
import { HttpError } from '../lib/errors.js';
import { BlobStoreUnavailable } from '../ports/blob-unavailable.js';
import { isConnectionLost, isStatementCancelled, sqlState } from '../db/errors.js';

const CYRILLIC = /[А-Яа-яІіЇїЄєҐґ]/;

/** A zod issue's own text when the contract wrote one in Ukrainian, else a generic one naming the field. */
function validationMessage(issues: { message?: string; instancePath?: string; params?: unknown }[]): string {
  for (const issue of issues) {
    if (issue.message && CYRILLIC.test(issue.message)) return issue.message;
  }
  const first = issues[0];
  const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '';
  return field ? MSG.invalidField(field) : MSG.badRequest;
}

const BY_CODE: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MSG.badJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MSG.badJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MSG.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MSG.badContentType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, MSG.badRequest],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, MSG.badContentType],
  FST_REQ_FILE_TOO_LARGE: [413, MSG.bodyTooLarge],
  FST_PARTS_LIMIT: [413, MSG.bodyTooLarge],
  FST_FILES_LIMIT: [413, MSG.bodyTooLarge],
  FST_FIELDS_LIMIT: [413, MSG.bodyTooLarge],
  FST_ERR_VALIDATION: [400, MSG.badRequest],
};

/** Busboy, the multipart parser, reports a broken upload body with plain Errors. */
const BROKEN_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot .*)$/;

/**
 * PostgreSQL's SQLSTATE class 22 ("data exception"): a value the database cannot hold, such as
 * a NUL character in text or a number out of its column's range. The input is at fault, and
 * the failed statement changed nothing. Drizzle wraps the driver's error in `cause`.
 */
function isDataException(err: unknown): boolean {
  return /^22/.test(sqlState(err)?.code ?? '');
}

/** Every error leaves as `{ message }` in Ukrainian; a 5xx never shows internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ message: err.message, ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.status(400).send({ message: validationMessage(err.validation) });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause?.issues }, 'response does not match its schema');
      return reply.status(500).send({ message: MSG.internal });
    }
    const known = err.code ? BY_CODE[err.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] });
    if (err instanceof SyntaxError) return reply.status(400).send({ message: MSG.badJson });
    if (BROKEN_MULTIPART.test(err.message ?? '')) return reply.status(400).send({ message: MSG.badRequest });
    // Before the database's check: a bucket's refused connection is in its cause.
    if (err instanceof BlobStoreUnavailable) {
      // An error, not a warning: a full or read-only disk does not heal by itself.
      request.log.error({ err }, 'file store unavailable');
      return reply.status(503).header('retry-after', '30').send({ message: MSG.filesUnavailable });
    }
    if (isConnectionLost(err)) {
      // PostgreSQL rolled back whatever the request had not committed; a purchase whose COMMIT
      // was in flight is found by repeating it with the same Idempotency-Key.
      request.log.warn({ err }, 'database unreachable');
      return reply.status(503).header('retry-after', '5').send({ message: MSG.unavailable });
    }
    if (isStatementCancelled(err)) {
      // statement_timeout: the database is overloaded or a lock is held by a stuck session; the
      // statement changed nothing and the same request later is the remedy.
      request.log.warn({ err }, 'statement cancelled (statement_timeout)');
      return reply.status(503).header('retry-after', '5').send({ message: MSG.unavailable });
    }
    if (isDataException(err)) {
      // Worth a schema rule where it happens: say so in the log, answer the user plainly.
      request.log.warn({ err }, 'input the schema let through was refused by the database');
      return reply.status(400).send({ message: MSG.badRequest });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: MSG.tooManyRequests });
    if (status >= 400 && status < 500) {
      request.log.info({ err }, 'client error');
      return reply.status(status).send({ message: MSG.badRequest });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: MSG.internal });
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: MSG.routeNotFound }));
});

/**
 * Errors the router raises before any hook or error handler runs (a malformed percent-escape,
 * a path parameter over maxParamLength): passed to Fastify as `frameworkErrors`, so they too
 * leave as a Ukrainian `{ message }`.
 */
export function frameworkErrors(err: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (err.statusCode ?? 400);
  void reply.status(status >= 400 && status < 500 ? status : 400).send({ message: status === 414 ? MSG.bodyTooLarge : MSG.badRequest });
}
