import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { ErrorBody } from '@zalik/contract';

/** Error answers every catalogue route may give, for the OpenAPI document. */
export const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Admin-only writes: the auth plugin refuses everyone else with 403 before the handler runs. */
export const adminOnly = { access: 'admin' } as const;

/** Rows come back from both drivers with Date or string timestamps; the wire wants ISO strings. */
export const iso = (v: Date | string): string => new Date(v).toISOString();

/** Ids go out as strings (API-CONTRACT) whatever the driver gave us. */
export const idOut = (v: number | string): string => String(v);

/**
 * A cached catalogue answer as JSON bytes, checked against its contract schema once, when it is
 * rendered after a change, instead of encoded and serialized again for every request.
 */
export const renderJson = <S extends z.ZodType>(schema: S, value: z.output<S>): Buffer => Buffer.from(JSON.stringify(schema.encode(value)));

/** Sends JSON rendered by `renderJson` (or `TeacherTaskList`) as it is. */
export const sendJson = (reply: FastifyReply, body: Buffer | string) => reply.type('application/json; charset=utf-8').send(body);
