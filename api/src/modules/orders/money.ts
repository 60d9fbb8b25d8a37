import type { Leg, TransferKind } from '../ledger/index.js';
import { SYSTEM } from '../ledger/index.js';

/** The platform's share of a sale (PLATFORM_FEE_PERCENT), rounded half up to the kopeck. */
export function platformFee(priceKop: number, percent: number): number {
  return Math.floor((priceKop * percent + 50) / 100);
}

/**
 * Escrow pays out an order: the developer's share to their dev wallet, the fee to the
 * platform. Zero legs are left out (a 100 % discount or a 0 % fee moves nothing).
 */
export function payoutLegs(orderId: number, developerId: number, priceKop: number, feePercent: number, kind: TransferKind): Leg[] {
  const fee = platformFee(priceKop, feePercent);
  const reference = `order:${orderId}`;
  const legs: Leg[] = [];
  if (priceKop - fee > 0) {
    legs.push({ from: { system: SYSTEM.escrow }, to: { user: developerId, wallet: 'dev' }, amount: priceKop - fee, kind, key: `${reference}:payout`, reference });
  }
  if (fee > 0) {
    legs.push({ from: { system: SYSTEM.escrow }, to: { system: SYSTEM.fees }, amount: fee, kind: 'PLATFORM_FEE', key: `${reference}:fee`, reference });
  }
  return legs;
}

/** The buyer pays the whole price into escrow: one row in their history, whatever the split. */
export function paymentLeg(orderId: number, buyerId: number, priceKop: number): Leg[] {
  if (priceKop <= 0) return [];
  const reference = `order:${orderId}`;
  return [{ from: { user: buyerId, wallet: 'general' }, to: { system: SYSTEM.escrow }, amount: priceKop, kind: 'PURCHASE', key: `${reference}:payment`, reference }];
}

/** Escrow gives the buyer the whole price back (an order refunded whatever its state was). */
export function refundLegs(orderId: number, buyerId: number, priceKop: number): Leg[] {
  if (priceKop <= 0) return [];
  const reference = `order:${orderId}`;
  return [{ from: { system: SYSTEM.escrow }, to: { user: buyerId, wallet: 'general' }, amount: priceKop, kind: 'REFUND', key: `${reference}:refund`, reference }];
}

/**
 * A released order cancelled by its developer: what release paid out goes back to the buyer,
 * the developer's share from their dev wallet (a conditional debit: refused when they no longer
 * have it) and the fee from the platform's income, so the buyer gets the whole price.
 */
export function reversalLegs(orderId: number, buyerId: number, developerId: number, priceKop: number, feePercent: number): Leg[] {
  const fee = platformFee(priceKop, feePercent);
  const reference = `order:${orderId}`;
  const legs: Leg[] = [];
  if (priceKop - fee > 0) {
    legs.push({ from: { user: developerId, wallet: 'dev' }, to: { user: buyerId, wallet: 'general' }, amount: priceKop - fee, kind: 'SALE_REVERSAL', key: `${reference}:reversal`, reference });
  }
  if (fee > 0) {
    legs.push({ from: { system: SYSTEM.fees }, to: { user: buyerId, wallet: 'general' }, amount: fee, kind: 'FEE_REVERSAL', key: `${reference}:fee-reversal`, reference });
  }
  return legs;
}
