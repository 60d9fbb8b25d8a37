import { useState } from 'react';
import { MSG, formatUah, type DepositRequest } from '@zalik/contract';
import { copyText } from '../../../lib/clipboard';
import { haptic, openLink } from '../../../telegram/sdk';
import { CopyIcon, MainAction, SheetFooter, Spinner, showError, useToast } from '../../../ui';
import { bankPageOpened, markBankPageOpened } from './opened';
import styles from './topup.module.css';

interface CardPendingProps {
  request: DepositRequest;
  /** No statement reader configured: an admin finds the payment by its code and records it. */
  manual: boolean;
  onDone: () => void;
}

/**
 * A bank top-up to make: the code to keep in the payment's comment (the jar link fills it in
 * where the bank allows), the button to the jar, and what happens next: the server reads the
 * jar's statement and credits the request, or (manual) an admin does. Once the bank page was
 * opened the main button no longer offers to pay (a worried student would pay twice): it shows
 * the wait, and the bank page is one secondary tap away.
 */
export function CardPending({ request, manual, onDone }: CardPendingProps) {
  const [toast, showToast] = useToast();
  const code = request.comment ?? '';
  const [opened, setOpened] = useState(() => bankPageOpened(request.id));
  const pay = () => {
    markBankPageOpened(request.id);
    setOpened(true);
    openLink(request.paymentLink);
  };

  const copy = async () => {
    if (await copyText(code)) {
      haptic.notification('success');
      showToast(MSG.depositCodeCopied);
    } else {
      showError(MSG.depositCodeCopyFail);
    }
  };

  return (
    <>
      {toast}
      <section className={styles.codeCard} aria-label="Код платежу">
        <p className={styles.codeLabel}>Код для коментаря до платежу</p>
        <div className={styles.codeRow}>
          <span className={styles.code} data-testid="deposit-code">
            {code}
          </span>
          <button type="button" className={styles.copy} onClick={() => void copy()}>
            <CopyIcon size={18} />
            Копіювати
          </button>
        </div>
        <p className={styles.codeHint}>
          Переказуйте <b>{formatUah(request.amount)}</b> і залиште цей код у коментарі до платежу: за ним ми зарахуємо гроші саме вам.
        </p>
      </section>

      <div className={styles.state} role="status">
        {manual ? (
          <p className={styles.stateText}>
            Після оплати адміністратор знайде платіж за кодом і зарахує його вручну, зазвичай протягом доби.
          </p>
        ) : opened ? (
          // The main button below says 'Чекаємо на оплату…'; here the wait moves and says how long.
          <p className={styles.waitingNote} data-testid="deposit-waiting">
            <Spinner size={16} />
            <span>{MSG.depositBankDelay}</span>
          </p>
        ) : (
          <>
            <p className={styles.waiting}>
              <Spinner size={16} /> Чекаємо на платіж
            </p>
            <p className={styles.stateText}>Баланс поповниться сам за кілька хвилин після оплати. Це вікно можна закрити.</p>
          </>
        )}
      </div>

      <SheetFooter>
        {!opened ? (
          <MainAction inline text="Перейти до оплати" onAction={pay} />
        ) : manual ? (
          <MainAction inline text="Готово" onAction={onDone} />
        ) : (
          // The wait itself: nothing to pay again from here; the sheet closes by its own button.
          <MainAction inline text={MSG.depositWaiting} disabled onAction={() => {}} />
        )}
        {opened && (
          <button type="button" className={styles.secondaryAction} onClick={pay}>
            {MSG.depositOpenBankAgain}
          </button>
        )}
        {manual && !opened && (
          <button type="button" className={styles.secondaryAction} onClick={onDone}>
            Готово
          </button>
        )}
      </SheetFooter>
    </>
  );
}
