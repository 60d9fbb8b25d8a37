import { sql, type SQL } from 'drizzle-orm';
import { foldSearch } from '@zalik/contract';

/**
 * `column` contains `text`, any case and any apostrophe; the text's own `%`, `_` and `\` are
 * taken literally. Both sides go through the same folding: `search_fold` in the database
 * (migration 0062: lower case under any locale, Cyrillic included, apostrophes as `'`) and
 * contract's foldSearch here. `column` must be a plain column so the trigram index on
 * `search_fold(column)` serves the `LIKE '%…%'` (users.username has one) instead of a scan;
 * a text with a long run of digits asks the index for the run alone (below).
 */
export function containsText(column: SQL, text: string): SQL {
  const folded = foldSearch(text);
  const contains = (part: string) => `%${likeLiteral(part)}%`;
  const key = longestDigitRun(folded);
  if (key.length < DISTINCT_DIGITS || key === folded) return sql`search_fold(${column}) LIKE ${contains(folded)}`;
  // The index looks only for the digits; the whole text is checked on the few rows they find,
  // through an expression the index cannot take, so the planner keeps it off the index.
  // A GIN scan costs every trigram's posting list: numbered usernames share their letters
  // (a million `student_…`), and asking for those trigrams cost 100 ms where the digits cost 3.
  return sql`(search_fold(${column}) LIKE ${contains(key)} AND (search_fold(${column}) || '') LIKE ${contains(folded)})`;
}

/** Digits enough, in one run, to tell usernames apart where their letters do not. */
const DISTINCT_DIGITS = 5;

function longestDigitRun(text: string): string {
  return (text.match(/[0-9]+/g) ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
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
