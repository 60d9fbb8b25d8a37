/**
 * The product's newest client (ki-help-front-end 1.21.5) as it talks to the server: axios with
 * a bearer token; a JSON body serialised as axios does (keys whose value is undefined left
 * out, no content type when there is no body), or a multipart form. The compatibility suite
 * (client-1-21-5-*.test.ts) sends every call through these, exactly as that client builds it.
 */
import type { FastifyInstance } from 'fastify';
import { multipart, type Part } from './docx.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ClientAnswer {
  statusCode: number;
  body: string;
  json<T = any>(): T; // eslint-disable-line @typescript-eslint/no-explicit-any -- a test reads what the client reads
}

export function newestClient(app: FastifyInstance) {
  return {
    /** `data` as the client's `data:` (an object), or none. */
    json(token: string, method: Method, url: string, data?: object): Promise<ClientAnswer> {
      return app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, ...(data !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(data !== undefined ? { payload: JSON.stringify(data) } : {}),
      });
    },
    /** A FormData body: the parts in the order the client appends them. */
    form(token: string, method: Method, url: string, parts: Part[]): Promise<ClientAnswer> {
      const { payload, headers } = multipart(parts);
      return app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, payload });
    },
  };
}

/** The claims the client decodes from its token (jwt-decode: no check, the payload only). */
export const decoded = (jwt: string): Record<string, unknown> => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
