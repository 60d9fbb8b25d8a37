import { z } from 'zod';
import { MSG } from './messages.js';

/** Ids travel as JSON strings in answers; requests may send a string or a number. */
export const Id = z.string();
export type Id = z.infer<typeof Id>;

export const IdInput = z
  .union([z.string().trim().regex(/^[1-9]\d{0,15}$/), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)], {
    error: MSG.badRequest,
  })
  .transform((v) => String(v));

/** A path parameter holding an id. */
export const IdParam = z.object({ id: IdInput });

/** A number that may arrive as a numeric string (`"120"`). */
export const NumberInput = (message: string) =>
  z.union([z.number({ error: message }), z.string().trim().regex(/^-?\d+(\.\d+)?$/, { error: message }).transform(Number)], {
    error: message,
  });

export const IntInput = (message: string) => NumberInput(message).pipe(z.number().int({ error: message }));

export const IsoDate = z.string();

export const ErrorBody = z.object({ message: z.string(), error: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Ok = z.object({ ok: z.literal(true) });
