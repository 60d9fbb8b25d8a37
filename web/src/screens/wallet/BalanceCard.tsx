import type { ReactNode } from 'react';
import { formatUah, type Wallet } from '@zalik/contract';
import { SkeletonBar } from '../../ui';
import styles from './wallet.module.css';

interface BalanceCardProps {
  /** undefined while the wallets load: the card keeps its height with placeholders. */
  wallet: Wallet | undefined;
  /** The buttons under the balance. */
  children?: ReactNode;
}

/** One wallet's balance in big type, the dev wallet's pending payouts under it, and the actions. */
export function BalanceCard({ wallet, children }: BalanceCardProps) {
  const pending = wallet?.pending ?? 0;
  return (
    <section className={styles.balanceCard} aria-label={wallet ? `Баланс: ${wallet.name}` : 'Баланс'} aria-busy={!wallet || undefined}>
      {wallet ? (
        <>
          <p className={styles.balanceLabel}>{wallet.name}</p>
          <p className={styles.balanceAmount} data-testid="balance">
            {formatUah(wallet.balance)}
          </p>
          <p className={styles.balanceNote}>{pending > 0 ? `Очікує виплати: ${formatUah(pending)}` : '\u00a0'}</p>
        </>
      ) : (
        <>
          <SkeletonBar width={130} height={14} />
          <span className={styles.balanceAmount}>
            <SkeletonBar width={170} height={34} />
          </span>
          <p className={styles.balanceNote}>{'\u00a0'}</p>
        </>
      )}
      {children && <div className={styles.actions}>{children}</div>}
    </section>
  );
}
