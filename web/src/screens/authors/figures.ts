import { WORDS, countText, formatRating, type AuthorLevel, type AuthorProfile } from '@zalik/contract';

/** A median wait after 'за', rounded to what a reader cares about: '1 хвилину', '3 години', '2 дні'. */
export function waitText(minutes: number): string {
  if (minutes < 60) return countText(Math.max(1, Math.round(minutes)), WORDS.minuteAccusative);
  if (minutes < 48 * 60) return countText(Math.round(minutes / 60), WORDS.hourAccusative);
  return countText(Math.round(minutes / 1440), WORDS.day);
}

/** '86 % (6 з 7)', or what there is to say before the first delivery. */
export function onTimeText(p: Pick<AuthorProfile, 'onTimeShare' | 'deliveries'>): string {
  if (p.onTimeShare === null) return 'Ще не було ручних замовлень';
  return `${Math.round(p.onTimeShare * 100)} % (${Math.round(p.onTimeShare * p.deliveries)} з ${p.deliveries})`;
}

/** What the next level asks for, after 'потрібно': '20 замовлень і 10 відгуків із середньою оцінкою від 4,5, вчасно — від 90 %'. */
export function nextLevelText(l: AuthorLevel): string {
  return `${countText(l.minOrders, WORDS.order)} і ${countText(l.minReviews, WORDS.review)} із середньою оцінкою від ${formatRating(l.minAverage)}, вчасно — від ${Math.round(l.minOnTime * 100)} %`;
}
