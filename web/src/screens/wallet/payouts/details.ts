import { CRYPTO_NETWORKS, detailsProblem, normalizeDetails, type CryptoNetwork, type PaymentDetailsType, type RateAnswer } from '@zalik/contract';
import { formatDate } from '../../../lib/date';
import { groupCard } from '../format';

/** How a typed value shows in the field: a card in groups of four (at most 19 digits), an address without blanks. */
export function shownDetails(type: PaymentDetailsType, typed: string): string {
  return type === 'BANK_CARD' ? groupCard(typed.replace(/\D/g, '').slice(0, 19)) : typed.replace(/\s+/g, '');
}

/** Long enough to judge: 16 digits of a card, an address as long as its network's. */
function complete(type: PaymentDetailsType, value: string, network: CryptoNetwork): boolean {
  if (type === 'BANK_CARD') return value.length >= 16;
  return value.length >= (network === 'USDT-TRC20' ? 34 : 42);
}

export interface DetailsCheck {
  /** What to send, or null while it cannot be sent. */
  value: string | null;
  /** The refusal to show under the field: only once the value is long enough to judge. */
  error?: string;
}

/** The details field's check as the user types, with the server's own rule (contract's detailsProblem). */
export function checkDetails(type: PaymentDetailsType, typed: string, network: CryptoNetwork): DetailsCheck {
  const value = normalizeDetails(type, typed);
  if (value === '') return { value: null };
  const problem = detailsProblem(type, value, network);
  if (!problem) return { value };
  return { value: null, error: complete(type, value, network) ? problem : undefined };
}

export const detailsHint = (type: PaymentDetailsType, network: CryptoNetwork) =>
  type === 'BANK_CARD' ? 'Visa або Mastercard, 16 цифр' : `Адреса ${CRYPTO_NETWORKS[network].label}${network === 'USDT-TRC20' ? ': 34 символи, починається з T' : ''}`;

/** 'картку •••• 1111' / 'гаманець TQn9…bLSE': where a payout goes, in a sentence. */
export const destination = (type: PaymentDetailsType | null, masked: string) => (type === 'CRYPTO' ? `гаманець ${masked}` : `картку ${masked}`);

/** ISO 4217 codes of the pair a crypto payout is shown in: dollars (USDT is pegged to them) for hryvnias. */
export const USD = 840;
export const UAH = 980;

/** '≈ 22,75 USDT за курсом Monobank 41,75 грн/$': a crypto payout's size in dollars. */
export function usdLine(payoutUah: number, rate: RateAnswer) {
  const usd = (payoutUah / rate.rate).toLocaleString('uk-UA', { maximumFractionDigits: 2 });
  const price = rate.rate.toLocaleString('uk-UA', { maximumFractionDigits: 2 });
  const when = rate.stale ? `, курс від ${formatDate(rate.fetchedAt)}` : '';
  return `≈ ${usd} USDT за курсом Monobank ${price} грн/$${when}`;
}
