import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import multipart from '@fastify/multipart';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Multipart routes read their parts with `request.parts()` (streamed, checked part by part),
 * so their `body` schema exists only to document the form in OpenAPI. This compiler skips
 * the body and validates params and query with zod as everywhere else.
 */
export const multipartValidator: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? () => true : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

export const binaryFile = (description: string) => z.file().meta({ description });

/**
 * Multipart parsing for a scope of upload routes (deliveries, templates). These are only
 * defaults: each route reads its parts under its own limits (upload.ts).
 */
export async function acceptUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: { files: 1, fileSize: 1024 * 1024, fields: 5, parts: 10 } });
}
