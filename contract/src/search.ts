import { z } from 'zod';
import { TASK_TYPES } from './constants.js';
import { Id, SEARCH_MAX } from './common.js';
import { MSG } from './messages.js';

/**
 * The student's catalogue search (issue 29): subjects, teachers and visible tasks of all four
 * courses, found by words, prefixes and small typos (docs/API-CONTRACT.md, "Search").
 */
export const CATALOGUE_SEARCH_MIN = 2;
/** Results per group by default, and the most a caller may ask for. */
export const CATALOGUE_SEARCH_LIMIT = 20;
export const CATALOGUE_SEARCH_MAX_LIMIT = 50;

/**
 * Folds a search text the way the database's `search_fold` does (lower case, Cyrillic
 * included, every apostrophe as `'`), so the query and the catalogue compare alike.
 */
export function foldSearch(text: string): string {
  return text.toLowerCase().replace(/[’ʼ‘`]/g, "'");
}

const searchQ = z
  .string({ error: MSG.searchEmpty })
  .trim()
  .min(1, { error: MSG.searchEmpty })
  .min(CATALOGUE_SEARCH_MIN, { error: MSG.searchTooShort(CATALOGUE_SEARCH_MIN) })
  .max(SEARCH_MAX, { error: MSG.searchTooLong(SEARCH_MAX) });
const searchLimit = z.coerce
  .number({ error: MSG.limitInvalid })
  .int({ error: MSG.limitInvalid })
  .min(1, { error: MSG.limitInvalid })
  .max(CATALOGUE_SEARCH_MAX_LIMIT, { error: MSG.limitInvalid });

export const CatalogueSearchQuery = z.object({ q: searchQ, limit: searchLimit.default(CATALOGUE_SEARCH_LIMIT) });

export const SearchSubject = z.object({ id: Id, name: z.string(), courseNumber: z.number().int() });
export type SearchSubject = z.infer<typeof SearchSubject>;
/** A teacher with the subject whose task list opens on them. */
export const SearchTeacher = z.object({ id: Id, name: z.string(), subjectId: Id, subjectName: z.string(), courseNumber: z.number().int() });
export type SearchTeacher = z.infer<typeof SearchTeacher>;
/** A visible task with what the buying screen needs to open it (`type` picks the screen). `price`: before any discount. */
export const SearchTask = z.object({
  id: Id,
  title: z.string(),
  type: z.enum(TASK_TYPES),
  price: z.number(),
  teacherId: Id,
  teacherName: z.string(),
  subjectId: Id,
  subjectName: z.string(),
  courseNumber: z.number().int(),
});
export type SearchTask = z.infer<typeof SearchTask>;
/** Each group best match first, at most `limit` each. */
export const CatalogueSearchResults = z.object({ subjects: z.array(SearchSubject), teachers: z.array(SearchTeacher), tasks: z.array(SearchTask) });
export type CatalogueSearchResults = z.infer<typeof CatalogueSearchResults>;
