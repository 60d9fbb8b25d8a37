import type { WalletKind } from '@zalik/contract';

/**
 * What our screens call each wallet. The wire keeps the contract's WALLET_NAMES ('Dev
 * гаманець'), which existing clients read; the interface says it in Ukrainian.
 */
export const WALLET_LABELS: Record<WalletKind, string> = {
  general: 'Загальний гаманець',
  dev: 'Гаманець розробника',
};
