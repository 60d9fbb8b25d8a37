import { MSG, type Discount } from '@zalik/contract';
import { formatDate } from './date';

type Window = Pick<Discount, 'validFrom' | 'validTo'>;

/** A discount's window in words ('з 1 вересня, 00:00, 2026 до ...'); '' when it has none. */
export function windowText({ validFrom, validTo }: Window): string {
  const from = validFrom ? `з ${formatDate(validFrom)}` : '';
  const to = validTo ? `до ${formatDate(validTo)}` : '';
  return [from, to].filter(Boolean).join(' ');
}

/**
 * Whether a discount applies now, as the server said (`active`), and why not: its window has
 * not opened yet, or it has closed.
 */
export function windowState(d: Window & { active: boolean }, now = Date.now()): { label: string; tone: 'active' | 'scheduled' | 'ended' } {
  if (d.active) return { label: 'Діє зараз', tone: 'active' };
  if (d.validFrom && Date.parse(d.validFrom) > now) return { label: `Почнеться ${formatDate(d.validFrom)}`, tone: 'scheduled' };
  return { label: 'Завершилась', tone: 'ended' };
}

/**
 * What the server would refuse in a window (it checks again): an end not after the start, or
 * a newly set end already past. `endSet` false: the end was not changed, so a past one stands.
 */
export function windowProblem(validFrom: string | null, validTo: string | null, endSet = true, now = Date.now()): string | null {
  if (validFrom && validTo && Date.parse(validFrom) >= Date.parse(validTo)) return MSG.discountWindowOrder;
  if (endSet && validTo && Date.parse(validTo) <= now) return MSG.discountWindowPast;
  return null;
}
