/**
 * Characters that take no room on screen: zero-width spaces and joiners, direction marks,
 * soft hyphens, variation selectors, Hangul fillers and the byte-order mark. A name made only
 * of these (and whitespace) looks empty in every list.
 */
const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/gu;

/**
 * What two catalogue names are compared by: compatibility-normalised, invisible characters
 * removed, whitespace runs made one space, trimmed, lower case. "  Вища  математика\u200B"
 * and "вища математика" have the same key.
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim().toLocaleLowerCase('uk');
}

/** Whether a name shows anything at all. */
export const hasVisibleText = (name: string): boolean => nameKey(name) !== '';
