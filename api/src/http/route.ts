import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { ErrorBody, type Endpoint, type Shape } from '@zalik/contract';
import { multipartValidator } from './multipart-doc.js';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type Answer<S extends Shape> = S['answer'] extends z.ZodType ? z.input<S['answer']> : unknown;

/** The request a handler sees: params, query and body already parsed by the endpoint's schemas. */
export type Req<S extends Shape> = FastifyRequest<{
  Headers: Out<S['headers']>;
  Params: Out<S['params']>;
  Querystring: Out<S['query']>;
  Body: S['body'] extends z.ZodType ? z.output<S['body']> : unknown;
}>;

/** A handler answers its value, or sends the reply itself (pre-rendered JSON, a file stream) and returns it. */
export type Handler<S extends Shape> = (request: Req<S>, reply: FastifyReply) => Answer<S> | FastifyReply | Promise<Answer<S> | FastifyReply>;

/** An endpoint of the contract's table bound to its schemas and its handler. */
export interface Route {
  endpoint: Endpoint;
  schema: Shape;
  handler: Handler<Shape>;
  opts: RouteExtras;
}

/** What only the server needs to know about a route. */
export interface RouteExtras {
  /** Multipart uploads: the largest body Fastify lets through before the handler's own limits. */
  bodyLimit?: number;
  /** Multipart uploads: the parts, for the OpenAPI document only (the handler parses them). */
  multipartDoc?: z.ZodType;
  /** Answers besides the endpoint's own and the `{ message }` refusals (e.g. `204: z.null()`). */
  also?: Record<number, z.ZodType>;
  /** OpenAPI description, when the summary is not enough. */
  description?: string;
}

/**
 * Binds an endpoint to a handler. `schema` must be exactly the schemas the table names
 * (the compiler checks it), so the table stays the one place a call is described.
 */
export function route<S extends Shape>(endpoint: Endpoint<S>, schema: NoInfer<S>, handler: Handler<NoInfer<S>>, opts: RouteExtras = {}): Route {
  return { endpoint, schema, handler: handler as unknown as Handler<Shape>, opts };
}

/** Every refusal answers `{ message }`; 200 answers the endpoint's own schema. */
const ERRORS = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody, 503: ErrorBody };

/** Fastify's route options for one bound endpoint: access and rate limit ride in its config. */
export function routeOptions({ endpoint: e, schema, handler, opts }: Route): RouteOptions {
  const multipart = schema.body === 'multipart';
  return {
    method: e.method,
    url: e.path,
    config: { access: e.access, ...(e.rateLimit ? { limit: e.rateLimit } : {}), ...(e.allowBanned ? { allowBanned: true } : {}) },
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
    ...(multipart ? { validatorCompiler: multipartValidator } : {}),
    schema: {
      tags: [e.tag],
      ...(e.summary ? { summary: e.summary } : {}),
      ...(opts.description ? { description: opts.description } : {}),
      // A public call needs no bearer token (the document's default asks for one).
      ...(e.access === 'public' ? { security: [] } : {}),
      ...(schema.headers ? { headers: schema.headers } : {}),
      ...(schema.params ? { params: schema.params } : {}),
      ...(schema.query ? { querystring: schema.query } : {}),
      ...(schema.body && !multipart ? { body: schema.body } : {}),
      ...(multipart ? { consumes: ['multipart/form-data'], ...(opts.multipartDoc ? { body: opts.multipartDoc } : {}) } : {}),
      response: { ...(schema.answer === 'file' ? {} : { [e.status ?? 200]: schema.answer }), ...ERRORS, ...opts.also },
    },
    handler: (e.status ? withStatus(e.status, handler) : handler) as RouteOptions['handler'],
  };
}

/** The table's success status, set before the handler runs (a refusal it throws still sets its own). */
function withStatus(status: number, handler: Handler<Shape>): Handler<Shape> {
  return (request, reply) => {
    reply.code(status);
    return handler(request, reply);
  };
}

/**
 * Registers an area's routes in a scope of their own, so what an area sets up for its routes
 * (a body parser, a hook) stays with them.
 */
export async function registerRoutes(app: FastifyInstance, routes: readonly Route[], setup?: (scope: FastifyInstance) => void | Promise<void>): Promise<void> {
  await app.register(async (scope) => {
    await setup?.(scope);
    for (const r of routes) scope.route(routeOptions(r));
  });
}
