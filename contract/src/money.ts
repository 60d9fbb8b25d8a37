import { DISCOUNT_MAX, WITHDRAW_FEE_PERCENT } from './constants.js';

/**
 * Money is integer kopecks inside; the API speaks UAH numbers. These helpers are the only
 * place where the two meet, so rounding happens once and the same way in every package.
 */
export const KOPECKS_PER_UAH = 100;

export function uahToKopecks(uah: number): number {
  return Math.round(uah * KOPECKS_PER_UAH);
}

export function kopecksToUah(kopecks: number): number {
  return kopecks / KOPECKS_PER_UAH;
}

/** True for a positive UAH amount with at most two decimals (a whole number of kopecks). */
export function isUahAmount(uah: number): boolean {
  if (!Number.isFinite(uah) || uah <= 0) return false;
  const k = uah * KOPECKS_PER_UAH;
  return Math.abs(k - Math.round(k)) < 1e-6 && Math.round(k) <= Number.MAX_SAFE_INTEGER;
}

/** Spec 9: price after discount = price − price × discount / 100, exact in kopecks for whole-UAH prices. */
export function discountedPriceKopecks(priceUah: number, discountPercent: number): number {
  const d = Math.min(Math.max(Math.trunc(discountPercent), 0), DISCOUNT_MAX);
  const priceKop = uahToKopecks(priceUah);
  return priceKop - Math.round((priceKop * d) / 100);
}

export function discountedPrice(priceUah: number, discountPercent: number): number {
  return kopecksToUah(discountedPriceKopecks(priceUah, discountPercent));
}

/**
 * The task's developer and admins take a task without paying (the product's own rule): the
 * order is recorded as for anyone, but it costs nothing and pays nobody, so a developer cannot
 * turn top-ups (never withdrawable) into withdrawable earnings by buying their own work.
 * Ids as numbers or as the API's strings.
 */
export function takesFree(buyer: { telegramId: number | string; isAdmin: boolean }, developerId: number | string): boolean {
  return buyer.isAdmin || String(buyer.telegramId) === String(developerId);
}

/** What a purchase will charge this buyer, UAH: nothing for a free take, else the price after the task's discount. */
export function purchasePrice(buyer: { telegramId: number | string; isAdmin: boolean }, task: { price: number; discount: number; developerId: number | string }): number {
  if (takesFree(buyer, task.developerId)) return 0;
  return task.discount > 0 ? discountedPrice(task.price, task.discount) : task.price;
}

/**
 * The 5 % withdraw fee, rounded up to the kopeck, and what reaches the card. Rounding up makes
 * every started 20 kopecks pay at least 1 kopeck, so splitting a sum into many small requests
 * never costs less than asking for it at once.
 */
export function withdrawSplit(amountKop: number): { feeKop: number; payoutKop: number } {
  const feeKop = Math.ceil((amountKop * WITHDRAW_FEE_PERCENT) / 100);
  return { feeKop, payoutKop: amountKop - feeKop };
}

/** Card number with all whitespace removed. */
export function normalizeCard(card: string): string {
  return card.replace(/\s+/g, '');
}

/** Luhn check of a 12-19 digit card number (after whitespace is stripped). */
export function isValidCard(card: string): boolean {
  const digits = normalizeCard(card);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Formats a UAH amount the way the app shows it: `1 250,50 грн`. */
export function formatUah(uah: number): string {
  const whole = Number.isInteger(uah);
  return `${uah.toLocaleString('uk-UA', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })} грн`;
}
