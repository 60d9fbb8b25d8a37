import { WITHDRAW_FEE_PERCENT, formatUah, isUahAmount, kopecksToUah, uahToKopecks, withdrawSplit } from '@zalik/contract';
import { parseUah } from '../format';
import styles from '../wallet.module.css';

/** What the request will do, live as the amount is typed: the fee and what reaches the card. */
export function FeePreview({ amountText }: { amountText: string }) {
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
        <span>На картку надійде</span>
        <span>{show(split?.payoutKop)}</span>
      </p>
    </div>
  );
}
