/**
 * Ukrainian plural forms, one rule for every count the app shows: 1 відгук, 2 відгуки,
 * 5 відгуків; 11-14 take the "many" form, 21 the "one" form again. A fraction takes the
 * genitive singular, which is the "few" form of these words (2,5 години).
 */
export type PluralForms = readonly [one: string, few: string, many: string];

export function pluralForm(n: number, [one, few, many]: PluralForms): string {
  if (!Number.isInteger(n)) return few;
  const abs = Math.abs(n);
  const ten = abs % 10;
  const hundred = abs % 100;
  if (ten === 1 && hundred !== 11) return one;
  if (ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)) return few;
  return many;
}

/** The count and its word: `countText(5, WORDS.review)` is '5 відгуків'. */
export const countText = (n: number, forms: PluralForms): string => `${n} ${pluralForm(n, forms)}`;

/** The counted words the app shows, each once. */
export const WORDS = {
  review: ['відгук', 'відгуки', 'відгуків'],
  star: ['зірка', 'зірки', 'зірок'],
  order: ['замовлення', 'замовлення', 'замовлень'],
  task: ['завдання', 'завдання', 'завдань'],
  minute: ['хвилина', 'хвилини', 'хвилин'],
  hour: ['година', 'години', 'годин'],
  day: ['день', 'дні', 'днів'],
  /** After 'за' (accusative): 'за 1 хвилину', 'за 2 години'. */
  minuteAccusative: ['хвилину', 'хвилини', 'хвилин'],
  hourAccusative: ['годину', 'години', 'годин'],
  user: ['користувач', 'користувачі', 'користувачів'],
  sale: ['продаж', 'продажі', 'продажів'],
  /** Accusative after 'запросили' (animate): 1 друга, 21 друга, but 3 друзів, 11 друзів. */
  friendAccusative: ['друга', 'друзів', 'друзів'],
} as const satisfies Record<string, PluralForms>;
