import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@zalik/contract';
import { HttpError } from '../lib/errors.js';

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
