import { sql, type SQL } from 'drizzle-orm';
import { foldSearch } from '@zalik/contract';

/**
 * `column` contains `text`, any case and any apostrophe; the text's own `%`, `_` and `\` are
 * taken literally. Both sides go through the same folding: `search_fold` in the database
 * (migration 0062: lower case under any locale, Cyrillic included, apostrophes as `'`) and
 * contract's foldSearch here. `column` must be a plain column so the trigram index on
 * `search_fold(column)` serves the `LIKE '%…%'` (users.username has one) instead of a scan.
 */
export function containsText(column: SQL, text: string): SQL {
  return sql`search_fold(${column}) LIKE ${`%${likeLiteral(foldSearch(text))}%`}`;
}

/**
 * As containsText, on a column that already holds `search_fold` of a name (tasks.search_title,
 * subjects.search_name, teachers.search_name: migration 0062), which its trigram index serves.
 */
export function foldedContains(folded: SQL, text: string): SQL {
  return sql`${folded} LIKE ${`%${likeLiteral(foldSearch(text))}%`}`;
}

/** `text` as a LIKE pattern that matches only itself. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * The words of a folded search text as the catalogue's word list counts them (migration 0076's
 * `title_words_of`: runs of letters, digits and apostrophes, three characters or more), each once,
 * in the order typed. Shorter words carry no trigram an index could use.
 */
export function searchWords(folded: string): string[] {
  return [...new Set(folded.split(/[^a-z0-9а-яёіїєґ']+/u).filter((w) => w.length >= 3))];
}
