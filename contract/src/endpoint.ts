import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. `public` needs no token; every other level needs a valid token of
 * a user who exists and is not banned (checked against the database on every request).
 */
export type Access = 'public' | 'user' | 'developer' | 'admin';
export const ACCESS_LEVELS: readonly Access[] = ['public', 'user', 'developer', 'admin'];

/** The rate limits a call can be counted against (their numbers are configuration). */
export type RateLimitName = 'auth' | 'purchase' | 'support' | 'upload' | 'explanation' | 'message' | 'share';

/**
 * The schemas of a call. A `multipart` body is parsed by its handler (files stream), a `file`
 * answer is bytes, not JSON.
 */
export interface Shape {
  /** Request headers the call reads (e.g. `Idempotency-Key`), validated like params and query. */
  headers?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | 'multipart';
  answer: z.ZodType | 'file';
}

/**
 * One call of the API: everything about it but its handler. The web and the API both read
 * this table; it holds no schema values, only their types (`shape`), so the web's first screen
 * carries no zod while the API binds the very schemas named here (the compiler checks them).
 */
export interface Endpoint<S extends Shape = Shape> {
  readonly method: Method;
  /** Fastify's pattern: `/api/v1/tasks/:id`. */
  readonly path: string;
  readonly access: Access;
  readonly rateLimit?: RateLimitName;
  /** The success status when it is not 200 (201: something was created); the route binder sets it. */
  readonly status?: 201;
  /**
   * A harmless read a banned user may still make: clients ask for it before they look at the
   * token's ban claim, and would wait for ever on a 403 instead of showing the blocked screen.
   */
  readonly allowBanned?: true;
  /** Exists only in demo mode (no bot token, not production). */
  readonly demoOnly?: true;
  /** OpenAPI tag: the area. */
  readonly tag: string;
  readonly summary?: string;
  /** Never set at run time: carries the schemas' types. */
  readonly shape?: S;
}

/** Declares an endpoint whose schemas are `S` (`{ body: typeof X; answer: typeof Y }`). */
export const endpoint = <S extends Shape>(e: Omit<Endpoint<S>, 'shape'>): Endpoint<S> => e;

type Out<T> = T extends z.ZodType ? z.output<T> : never;
type In<T> = T extends z.ZodType ? z.input<T> : never;

/** What a caller sends: path params, query and body as the client writes them. */
export type CallInput<S extends Shape> = (S['params'] extends z.ZodType ? { params: In<S['params']> } : { params?: undefined }) &
  (S['query'] extends z.ZodType ? { query?: In<S['query']> } : { query?: undefined }) &
  (S['body'] extends 'multipart' ? { body: FormData } : S['body'] extends z.ZodType ? { body: In<S['body']> } : { body?: undefined }) &
  (S['headers'] extends z.ZodType ? { headers?: In<S['headers']> } : { headers?: undefined });

/** What a caller gets back. */
export type CallAnswer<S extends Shape> = S['answer'] extends 'file' ? Blob : Out<S['answer']>;

export type ShapeOf<E> = E extends Endpoint<infer S> ? S : never;

/** The concrete path of a call: `/api/v1/tasks/:id` with `{ id: 7 }` is `/api/v1/tasks/7`. */
export function pathOf(e: Pick<Endpoint, 'path'>, params?: Record<string, string | number>): string {
  return e.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`${e.path}: missing path parameter "${name}"`);
    return encodeURIComponent(String(v));
  });
}
