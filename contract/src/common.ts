import { z } from 'zod';
import { MSG } from './messages.js';

/**
 * A database id or a Telegram user id as text: a positive integer of at most 16 digits (every
 * such id is a safe integer in JavaScript). `ID_DIGITS` is the same inside a larger pattern.
 */
export const ID_DIGITS = '[1-9]\\d{0,15}';
export const ID_PATTERN = new RegExp(`^${ID_DIGITS}$`);

/** Ids travel as JSON strings in answers; requests may send a string or a number. */
export const Id = z.string();
export type Id = z.infer<typeof Id>;

export const IdInput = z
  .union([z.string().trim().regex(ID_PATTERN), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)], {
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

/**
 * The most rows one page of a paged list answers (`?limit=`); MSG.limitInvalid names it. Lists
 * that grow without bound take `page` (from 0) and `limit`.
 */
export const PAGE_MAX_LIMIT = 50;
export const PageNumber = z.coerce
  .number({ error: MSG.pageInvalid })
  .int({ error: MSG.pageInvalid })
  .min(0, { error: MSG.pageInvalid })
  .max(100_000, { error: MSG.pageInvalid });
export const PageLimit = z.coerce
  .number({ error: MSG.limitInvalid })
  .int({ error: MSG.limitInvalid })
  .min(1, { error: MSG.limitInvalid })
  .max(PAGE_MAX_LIMIT, { error: MSG.limitInvalid });

/** What an admin types into a list's search field (trimmed; empty: no filter). */
export const SEARCH_MAX = 100;
export const SearchText = z
  .string({ error: MSG.badRequest })
  .trim()
  .max(SEARCH_MAX, { error: MSG.searchTooLong(SEARCH_MAX) });

/** A Kyiv calendar date `YYYY-MM-DD` that exists (no 31 February). */
export const KyivDate = z
  .string({ error: MSG.exportDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.exportDate })
  .refine(
    (s) => {
      const [y, m, d] = s.split('-').map(Number) as [number, number, number];
      const t = new Date(Date.UTC(y, m - 1, d));
      return y >= 2000 && y <= 2999 && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
    },
    { error: MSG.exportDate },
  );
/**
 * One page of a list as the product's newest client reads it: the rows, and whether this page
 * is the last. Lists that older clients read whole answer this shape only when the request
 * names `page` or `limit` (docs/API-CONTRACT.md, "The product's newest client").
 */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ content: z.array(item), last: z.boolean() });
export interface Page<T> {
  content: T[];
  last: boolean;
}
/** `?page&limit` of such a list: both optional; naming either asks for one page. */
export const PageQuery = z.object({ page: PageNumber.optional(), limit: PageLimit.optional() });
/** Whether a request of such a list asked for one page. */
export const asksForPage = (q: { page?: number; limit?: number }): boolean => q.page !== undefined || q.limit !== undefined;
/** The rows of a list's answer, whole or one page of it. */
export const rowsOf = <T>(answer: T[] | Page<T>): T[] => (Array.isArray(answer) ? answer : answer.content);
