import { Readable } from 'node:stream';

/**
 * CSV as Excel with Ukrainian regional settings opens it by a double click: UTF-8 with a byte
 * order mark (without it Excel reads Cyrillic as cp1251), `;` between fields (the list
 * separator there), a decimal comma, CRLF line ends, and RFC 4180 quoting.
 */
export const BOM = '\uFEFF';
export const DELIMITER = ';';

export type Cell = string | number | null;

/** A text cell Excel would run as a formula (`=HYPERLINK(...)`, `+1`, `@SUM`) gets a leading apostrophe. */
const FORMULA = /^[=+\-@\t\r]/;
/** Only what would split a field: a decimal comma stays bare, so Excel reads `120,50` as a number. */
const NEEDS_QUOTES = /[;"\r\n]/;

export function csvCell(v: Cell): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const text = FORMULA.test(v) ? `'${v}` : v;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvCell).join(DELIMITER)}\r\n`;

/** Kopecks as UAH with a decimal comma: 12050 -> "120,50". Written as text so no float rounding creeps in. */
export function uahCell(kopecks: number | string): string {
  const k = BigInt(kopecks);
  const sign = k < 0n ? '-' : '';
  const abs = k < 0n ? -k : k;
  return `${sign}${abs / 100n},${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * The file as a stream: the BOM and the header, then one chunk per page as the consumer reads.
 * `Readable.from` asks for the next page only when the previous chunk has been taken, so at most
 * one page is held in memory whatever the size of the export.
 */
export function csvStream(header: readonly string[], pages: AsyncIterable<Cell[][]>): Readable {
  async function* chunks() {
    yield BOM + csvLine(header);
    for await (const page of pages) yield page.map(csvLine).join('');
  }
  return Readable.from(chunks(), { objectMode: false });
}
