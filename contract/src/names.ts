/**
 * Characters that take no room on screen: zero-width spaces and joiners, direction marks,
 * soft hyphens, variation selectors, Hangul fillers and the byte-order mark. A name made only
 * of these (and whitespace) looks empty in every list.
 */
const INVISIBLE: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad], [0x034f, 0x034f], [0x061c, 0x061c], [0x115f, 0x1160], [0x17b4, 0x17b5],
  [0x180b, 0x180f], [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x206f], [0x3164, 0x3164],
  [0xfe00, 0xfe0f], [0xfeff, 0xfeff], [0xffa0, 0xffa0],
];
const visible = (ch: string): boolean => {
  const cp = ch.codePointAt(0)!;
  return !INVISIBLE.some(([from, to]) => cp >= from && cp <= to);
};

/**
 * What two catalogue names are compared by: compatibility-normalised, invisible characters
 * removed, whitespace runs made one space, trimmed, lower case. "  Вища  математика\u200B"
 * and "вища математика" have the same key.
 */
export function nameKey(name: string): string {
  return Array.from(name.normalize('NFKC')).filter(visible).join('').replace(/\s+/gu, ' ').trim().toLocaleLowerCase('uk');
}

/** Whether a name shows anything at all. */
export const hasVisibleText = (name: string): boolean => nameKey(name) !== '';
