import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatUah, type DepositRequest } from '@zalik/contract';
import { useMe } from '../../../api/me';
import { qk } from '../../../api/queryKeys';
import { useWallets } from '../../../api/wallets';
import { haptic } from '../../../telegram/sdk';
import { Lottie, MainAction, SheetFooter, SkeletonBar } from '../../../ui';
import styles from './topup.module.css';

/**
 * The request is PAID: the success haptic once, every wallet query refreshed (the wallet under
 * the sheet included), then the new balance as the server now reports it.
 */
export function Success({ request, onDone }: { request: DepositRequest; onDone: () => void }) {
  const me = useMe();
  const qc = useQueryClient();
  const wallets = useWallets(me.telegramId);
  const [fresh, setFresh] = useState(false);
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (announced.current === request.id) return;
    announced.current = request.id;
    haptic.notification('success');
    void qc.invalidateQueries({ queryKey: qk.wallet.all }).then(() => setFresh(true));
  }, [qc, request.id]);

  const general = wallets.data?.find((w) => w.kind === 'general');
  return (
    <>
      <div className={styles.state} role="status">
        <Lottie name="success" size={110} loop={false} />
        <h3 className={styles.stateTitle}>Гаманець поповнено</h3>
        <p className={`${styles.stateAmount} ${styles.credited}`}>+{formatUah(request.credited ?? request.amount)}</p>
        <p className={styles.balance} aria-busy={!fresh || !general || undefined}>
          {fresh && general ? (
            <>
              Баланс: <b data-testid="topup-balance">{formatUah(general.balance)}</b>
            </>
          ) : (
            <SkeletonBar width={150} height={18} />
          )}
        </p>
      </div>
      <SheetFooter>
        <MainAction inline text="Готово" onAction={onDone} />
      </SheetFooter>
    </>
  );
}

/** EXPIRED or REFUNDED: what became of the money, and a fresh start. */
export function Ended({ request, onRetry }: { request: DepositRequest; onRetry: () => void }) {
  const stars = request.provider === 'TELEGRAM_STARS';
  const title = request.status === 'REFUNDED' ? 'Поповнення скасовано' : 'Час на оплату минув';
  const text =
    request.status === 'REFUNDED'
      ? 'Зірки повернуто на ваш рахунок у Telegram.'
      : stars
        ? 'Цей рахунок більше не дійсний, зірки не списано. Створіть нове поповнення.'
        : `Якщо ви вже переказали гроші з кодом ${request.comment ?? ''}, вони все одно надійдуть на баланс. Інакше створіть нове поповнення.`;
  return (
    <>
      <div className={styles.state} role="status">
        <span className={`${styles.stateIcon} ${styles.endedIcon}`} aria-hidden="true">
          !
        </span>
        <h3 className={styles.stateTitle}>{title}</h3>
        <p className={styles.stateText}>{text}</p>
      </div>
      <SheetFooter>
        <MainAction inline text="Спробувати ще раз" onAction={onRetry} />
      </SheetFooter>
    </>
  );
}
