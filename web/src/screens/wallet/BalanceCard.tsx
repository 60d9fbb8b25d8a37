import type { ReactNode } from 'react';
import { WITHDRAW_FEE_PERCENT, formatUah, type Wallet } from '@zalik/contract';
import { WALLET_LABELS } from '../../lib/wallets';
import { formatDate } from '../../lib/date';
import { SkeletonBar } from '../../ui';
import styles from './wallet.module.css';

interface BalanceCardProps {
  /** undefined while the wallets load: the card keeps its height with placeholders. */
  wallet: Wallet | undefined;
  /** Why the balance could not be loaded (instead of placeholders that would never resolve). */
  error?: string;
  /** The buttons under the balance. */
  children?: ReactNode;
}

/** One wallet's balance in big type; under it what escrow holds of the buyer's money or is coming to the developer, the pending payouts, and the actions. */
export function BalanceCard({ wallet, error, children }: BalanceCardProps) {
  const pending = wallet?.pending ?? 0;
  return (
    <section className={styles.balanceCard} aria-label={wallet ? `Баланс: ${WALLET_LABELS[wallet.kind]}` : 'Баланс'} aria-busy={(!wallet && !error) || undefined}>
      {wallet ? (
        <>
          <p className={styles.balanceLabel}>{WALLET_LABELS[wallet.kind]}</p>
          <p className={styles.balanceAmount} data-testid="balance">
            {formatUah(wallet.balance)}
          </p>
          {wallet.kind === 'dev' && (
            <p className={styles.balanceNote}>
              {pending > 0 ? `Очікує виплати: ${formatUah(pending)}` : `Виведення на картку з комісією ${WITHDRAW_FEE_PERCENT} %`}
            </p>
          )}
          {wallet.kind === 'dev' && (wallet.incoming ?? 0) > 0 && (
            <p className={styles.balanceNote} data-testid="incoming">
              {`Надійде після прийняття: ${formatUah(wallet.incoming!)}`}
              {wallet.incomingFrom ? `, перша сума — ${formatDate(wallet.incomingFrom)}` : ''}
            </p>
          )}
          {wallet.kind === 'general' && (wallet.held ?? 0) > 0 && (
            <p className={styles.balanceNote} data-testid="held">
              {`Утримується: ${formatUah(wallet.held!)} — до прийняття ваших замовлень, при поверненні сума повернеться сюди`}
            </p>
          )}
        </>
      ) : error ? (
        <p className={styles.balanceNote}>{error}</p>
      ) : (
        <>
          <SkeletonBar width={130} height={14} />
          <span className={styles.balanceAmount}>
            <SkeletonBar width={170} height={34} />
          </span>
        </>
      )}
      {children && <div className={styles.actions}>{children}</div>}
    </section>
  );
}
