/**
 * Contacts stay inside an order's thread: the escrow protects only what is agreed in Zalik.
 * Phone and card numbers, e-mails, @usernames and links are replaced by CONTACT_MASK before a
 * message is stored (the server), and the composer warns before sending (the web): one rule,
 * here, for both. No zod: the thread screen's chunk carries it as it is.
 *
 * People who want to slip a contact through spell it around a filter: `т.ме/ivan`, `gmаil.com`
 * with a Cyrillic а, `ivan (собака) gmail крапка com`, `+38 О67-123-45-67` with a letter О,
 * fullwidth or bold letters, invisible characters. So the text is first read as a skeleton:
 * every character folded to the Latin letter or digit it looks (or is typed) like, invisible
 * ones dropped, each skeleton character remembering which characters of the text it came from,
 * so what is found in the skeleton is masked in the text itself.
 */

export const CONTACT_MASK = '[контакт приховано]';

/** Cyrillic and Greek letters that look like (or are typed for) a Latin one; the text is lowercased first. */
const LOOKALIKE: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', є: 'e', з: 'z', і: 'i', ї: 'i', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  ј: 'j', ѕ: 's', ԁ: 'd', һ: 'h', ԛ: 'q', ԝ: 'w', ɑ: 'a', ɡ: 'g', ı: 'i', ℓ: 'l',
  α: 'a', β: 'b', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x',
  '‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '―': '-', '−': '-',
  '。': '.', '·': '.', '•': '.', '∙': '.', '․': '.', '﹒': '.', '﹫': '@',
};

/** Characters people slip between the letters of a contact; they are not there for a reader (code point ranges). */
const INVISIBLE: [number, number][] = [
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x206a, 0x206f],
  [0xfeff, 0xfeff],
];
const invisible = (ch: string) => {
  const cp = ch.codePointAt(0)!;
  return INVISIBLE.some(([a, b]) => cp >= a && cp <= b);
};

interface Skeleton {
  text: string;
  /** For each skeleton character, where its source character starts and ends in the text. */
  from: number[];
  to: number[];
}

/** The text folded (see above); `from`/`to` map each skeleton character back to the text. */
function skeleton(input: string): Skeleton {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  let at = 0;
  for (const ch of input) {
    const end = at + ch.length;
    if (!invisible(ch)) {
      // NFKD splits a letter from its marks (dropped) and folds fullwidth and styled letters.
      const folded = ch.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
      for (const c of folded) {
        text += LOOKALIKE[c] ?? c;
        from.push(at);
        to.push(end);
      }
    }
    at = end;
  }
  return { text, from, to };
}

/** A word as the skeleton spells it (the spelled-out `собака` of an e-mail). */
const skel = (word: string) => skeleton(word).text;
const words = (list: string[]) => list.map(skel).join('|');

const TLD =
  'com|net|org|ua|me|io|ru|by|kz|eu|info|biz|xyz|site|online|link|ly|gl|be|app|dev|co|us|uk|de|pl|top|store|shop|pro|cc|tv|gg|to|fm|im|ai|so|su|one|live|life|club|page';
const DOT_WORD = words(['dot', 'точка', 'крапка', 'tochka', 'krapka']);
/** A dot as written inside an address: `.`, `(.)`, `[dot]`, ` dot `, ` крапка `. */
const DOT_LOOSE = `(?:\\s{0,2}(?:\\.|\\(\\s?\\.\\s?\\)|\\[\\s?\\.\\s?\\])\\s{0,2}|\\s{0,2}[([]\\s?(?:${DOT_WORD})\\s?[)\\]]\\s{0,2}|\\s(?:${DOT_WORD})\\s)`;
/** Spelled dots only (a plain dot between words is a sentence's end, not an address). */
const DOT_SPELLED = `(?:\\s{0,2}(?:\\(\\s?\\.\\s?\\)|\\[\\s?\\.\\s?\\])\\s{0,2}|\\s{0,2}[([]\\s?(?:${DOT_WORD})\\s?[)\\]]\\s{0,2}|\\s(?:${DOT_WORD})\\s)`;
const AT_WORD = words(['at', 'собака', 'равлик', 'sobaka']);
const AT = `(?:\\s{0,2}@\\s{0,2}|\\s{0,2}[([]\\s?(?:${AT_WORD})\\s?[)\\]]\\s{0,2}|\\s(?:${AT_WORD})\\s)`;
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** The rest of a link, without the punctuation of the sentence around it. */
const TAIL = '[^\\s]{0,299}[^\\s.,!?;:)\\]»"\'…]';
const PATH = `(?:\\s?\\/(?:${TAIL})?)?`;

/**
 * What is masked in the skeleton (lowercase, folded); bounded repeats keep each search linear.
 * Group 1 is what must come before a match and is not part of it (older Safari has no lookbehind).
 */
const PATTERNS: RegExp[] = [
  // e-mails, also `ivan (собака) gmail крапка com`
  new RegExp(`()[a-z0-9][a-z0-9._%+-]{0,63}${AT}${LABEL}(?:${DOT_LOOSE}${LABEL}){0,4}${DOT_LOOSE}[a-z]{2,12}(?![a-z0-9])`, 'g'),
  // links with a scheme, and www.
  new RegExp(`()(?:https?|ftp|tg)\\s?:\\s?\\/\\/${TAIL}`, 'g'),
  new RegExp(`()www${DOT_LOOSE}${TAIL}`, 'g'),
  // Telegram's own links: t.me, telegram.me, `т . ме / ivan`
  new RegExp(`(^|[^a-z0-9])(?:t|telegram|telegram\\s?\\.\\s?dog)${DOT_LOOSE}me(?![a-z0-9])(?:\\s{0,2}\\/\\s{0,2}\\+?[a-z0-9_-]{1,64})?`, 'g'),
  // any other domain: a tight dot, or a spelled one
  new RegExp(`(^|[^a-z0-9@.])${LABEL}(?:\\.${LABEL}){0,4}\\.(?:${TLD})(?![a-z0-9])${PATH}`, 'g'),
  new RegExp(`(^|[^a-z0-9@.])${LABEL}${DOT_SPELLED}(?:${TLD})(?![a-z0-9])${PATH}`, 'g'),
  // @usernames (Telegram's, Instagram's): a letter first, so `@ 10:00` is a time
  new RegExp(`()@\\s?[a-z][a-z0-9_.]{2,31}`, 'g'),
];

/** Letters that stand in for a digit inside a number (`+38О67`, `ЗЗ`); only next to a digit, so words keep their letters. */
const DIGIT_LIKE: Record<string, string> = { o: '0', i: '1', l: '1', '|': '1', z: '3', б: '6', ч: '4' };
/** Digits, each at most three separators (spaces, dashes, brackets) from the next: a phone, a card, an IBAN. */
const NUMBER_RUN = /(?:\+\s?)?(?:\(\s?)?\d(?:[\s\-()]{0,3}\d){8,}/g;
/** Fewer real digits than this is text that happens to hold a few numbers. */
const MIN_REAL_DIGITS = 5;

/** The skeleton with digit lookalikes next to a digit (or next to one that became a digit) read as digits. */
function digitsOf(s: string): string {
  const chars = [...s];
  const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < chars.length; i++) {
      const d = DIGIT_LIKE[chars[i]!];
      if (d && (isDigit(chars[i - 1]) || isDigit(chars[i + 1]))) {
        chars[i] = d;
        changed = true;
      }
    }
  }
  return chars.join('');
}

function numberRanges(s: string): [number, number][] {
  const d = digitsOf(s);
  const found: [number, number][] = [];
  for (const m of d.matchAll(NUMBER_RUN)) {
    const start = m.index;
    const end = start + m[0].length;
    const digits = m[0].replace(/\D/g, '').length;
    const real = s.slice(start, end).replace(/\D/g, '').length;
    if (digits >= 9 && real >= MIN_REAL_DIGITS) found.push([start, end]);
  }
  return found;
}

export interface Masked {
  /** The text with every contact replaced by CONTACT_MASK. */
  text: string;
  /** Something was masked. */
  masked: boolean;
}

/** Masks the contacts in a message (see above); a text without any comes back as it was. */
export function maskContacts(input: string): Masked {
  const sk = skeleton(input);
  const ranges: [number, number][] = [];
  for (const re of PATTERNS) {
    for (const m of sk.text.matchAll(re)) ranges.push([m.index + m[1]!.length, m.index + m[0].length]);
  }
  ranges.push(...numberRanges(sk.text));
  if (ranges.length === 0) return { text: input, masked: false };
  // Back to the text's own positions, overlaps merged, replaced from the end.
  const spans = ranges
    .filter(([a, b]) => b > a)
    .map(([a, b]) => [sk.from[a]!, sk.to[b - 1]!] as [number, number])
    .sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  let text = input;
  for (const [a, b] of merged.reverse()) text = text.slice(0, a) + CONTACT_MASK + text.slice(b);
  return { text, masked: true };
}

/** The composer's check before sending: would this text be masked? */
export const hasContacts = (text: string): boolean => maskContacts(text).masked;
