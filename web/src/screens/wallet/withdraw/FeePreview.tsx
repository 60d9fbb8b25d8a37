import type { ReactNode } from 'react';
import { WITHDRAW_FEE_PERCENT, formatUah, isUahAmount, kopecksToUah, uahToKopecks, withdrawSplit } from '@zalik/contract';
import { parseUah } from '../format';
import styles from '../wallet.module.css';

/** What the request will do, live as the amount is typed: the fee and what reaches the card or wallet. */
export function FeePreview({ amountText, payoutLabel = 'На картку надійде', extra }: { amountText: string; payoutLabel?: string; extra?: (payoutUah: number) => ReactNode }) {
  const amount = parseUah(amountText);
  const valid = amount !== null && isUahAmount(amount);
  const split = valid ? withdrawSplit(uahToKopecks(amount)) : null;
  const show = (kop: number | undefined) => (kop === undefined ? '—' : formatUah(kopecksToUah(kop)));
  return (
    <div className={styles.preview} aria-live="polite" data-testid="fee-preview">
      <p className={styles.previewLine}>
        <span>Комісія {WITHDRAW_FEE_PERCENT} %</span>
        <span>{show(split?.feeKop)}</span>
      </p>
      <p className={styles.previewTotal}>
        <span>{payoutLabel}</span>
        <span>{show(split?.payoutKop)}</span>
      </p>
      {split && split.payoutKop > 0 && extra?.(kopecksToUah(split.payoutKop))}
    </div>
  );
}
