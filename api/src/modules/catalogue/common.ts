import { ErrorBody } from '@zalik/contract';

/** Error answers every catalogue route may give, for the OpenAPI document. */
export const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Admin-only writes: the auth plugin refuses everyone else with 403 before the handler runs. */
export const adminOnly = { access: 'admin' } as const;

/** Rows come back from both drivers with Date or string timestamps; the wire wants ISO strings. */
export const iso = (v: Date | string): string => new Date(v).toISOString();

/** Ids go out as strings (API-CONTRACT) whatever the driver gave us. */
export const idOut = (v: number | string): string => String(v);
