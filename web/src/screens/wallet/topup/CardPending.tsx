import { MSG, formatUah, type DepositRequest } from '@zalik/contract';
import { copyText } from '../../../lib/clipboard';
import { haptic, openLink } from '../../../telegram/sdk';
import { CopyIcon, MainAction, SheetFooter, Spinner, showError, useToast } from '../../../ui';
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
 * jar's statement and credits the request, or (manual) an admin does.
 */
export function CardPending({ request, manual, onDone }: CardPendingProps) {
  const [toast, showToast] = useToast();
  const code = request.comment ?? '';

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
        <MainAction inline text="Перейти до оплати" onAction={() => openLink(request.paymentLink)} />
        {manual && (
          <button type="button" className={styles.secondaryAction} onClick={onDone}>
            Готово
          </button>
        )}
      </SheetFooter>
    </>
  );
}
