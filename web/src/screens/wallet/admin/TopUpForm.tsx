import { useRef, useState } from 'react';
import { MAX_TOPUP_UAH, MSG, formatUah, isUahAmount } from '@zalik/contract';
import { newIdempotencyKey } from '../../../api/client';
import { haptic } from '../../../telegram/sdk';
import { Button, ConfirmDialog, Input, useErrorBanner } from '../../../ui';
import { parseUah } from '../format';
import styles from '../wallet.module.css';
import { useDeposit } from './api';

/**
 * An admin's top-up of the user's general wallet, sent only after a confirmation that names the
 * amount (a typo of one zero would otherwise credit ten times the money). A refusal shows the server's own message
 * (the spec's "raw response data") in the banner.
 */
export function TopUpForm({ telegramId }: { telegramId: string }) {
  const banner = useErrorBanner();
  const deposit = useDeposit();
  const [amount, setAmount] = useState('');
  const [done, setDone] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const key = useRef(newIdempotencyKey());
  const typed = parseUah(amount);

  const submit = () => {
    const value = parseUah(amount);
    if (value === null || !isUahAmount(value)) {
      banner.show(MSG.amountInvalid);
      return;
    }
    if (value > MAX_TOPUP_UAH) {
      banner.show(MSG.amountTooLarge(MAX_TOPUP_UAH));
      return;
    }
    setConfirming(value);
  };
  const send = (value: number) => {
    setConfirming(null);
    deposit.mutate(
      { userTelegramId: telegramId, amount: value, idempotencyKey: key.current },
      {
        onSuccess: () => {
          haptic.notification('success');
          key.current = newIdempotencyKey();
          setAmount('');
          setDone(value);
        },
      },
    );
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Input
        label="Поповнити загальний гаманець, грн"
        placeholder="Наприклад, 300"
        inputMode="decimal"
        hint={
          done === null ? (
            'Гроші одразу з’являться на балансі користувача.'
          ) : (
            <span className={styles.done} role="status">
              Зараховано {formatUah(done)}
            </span>
          )
        }
        value={amount}
        onChange={(e) => {
          key.current = newIdempotencyKey();
          setDone(null);
          setAmount(e.target.value);
        }}
      />
      <Button type="submit" stretched loading={deposit.isPending}>
        {typed !== null && isUahAmount(typed) ? `Поповнити · ${formatUah(typed)}` : 'Поповнити'}
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        destructive={false}
        title="Підтвердіть поповнення"
        text={confirming !== null ? MSG.adminTopUpConfirm(formatUah(confirming), telegramId) : undefined}
        confirmLabel={confirming !== null ? `Поповнити ${formatUah(confirming)}` : 'Поповнити'}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming !== null && send(confirming)}
      />
    </form>
  );
}
