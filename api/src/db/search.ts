import { sql, type SQL } from 'drizzle-orm';

/*
 * Case-insensitive search that does not depend on the database's locale: under the C locale
 * (PGlite's, and many servers') lower() and ILIKE fold only ASCII, and an admin typing
 * "реферат" must still find "Реферат". Upper-case Cyrillic is mapped explicitly.
 */
const UPPER = 'АБВГҐДЕЄЁЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ';
const LOWER = 'абвгґдеєёжзиіїйклмнопрстуфхцчшщъыьэюя';

/** `column` contains `text`, any case; the text's own `%`, `_` and `\` are taken literally. */
export function containsText(column: SQL, text: string): SQL {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
  return sql`translate(lower(${column}), ${UPPER}, ${LOWER}) LIKE ${pattern}`;
}
