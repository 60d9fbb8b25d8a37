import { useRef, useState } from 'react';
import { MSG, WITHDRAW_FEE_PERCENT, formatUah, type Wallet, type Withdrawal } from '@zalik/contract';
import { newIdempotencyKey } from '../../../api/client';
import { haptic } from '../../../telegram/sdk';
import { Button, CheckCircleIcon, Input, Section, useErrorBanner } from '../../../ui';
import { useWithdraw } from '../api';
import { groupCard, keepCardTogether, parseUah } from '../format';
import styles from '../wallet.module.css';
import { FeePreview } from './FeePreview';
import { checkWithdraw } from './validate';

/** Card number as the user types it, shown in groups of four (at most 19 digits). */
const cardInput = (v: string) => groupCard(v.replace(/\D/g, '').slice(0, 19));

/** The withdraw request: card, amount, the fee preview, and the confirmation once it is sent. */
export function WithdrawForm({ dev }: { dev: Wallet | undefined }) {
  const banner = useErrorBanner();
  const withdraw = useWithdraw();
  const [card, setCard] = useState('');
  const [amount, setAmount] = useState('');
  const [sent, setSent] = useState<Withdrawal | null>(null);
  // One key per request: a retry of the same request (lost answer) never asks twice.
  const key = useRef(newIdempotencyKey());
  const edit = (set: (v: string) => void) => (v: string) => {
    key.current = newIdempotencyKey();
    setSent(null);
    set(v);
  };

  // Said as the amount is typed, not after the tap: more than the dev wallet holds.
  const typed = parseUah(amount);
  const over = dev !== undefined && typed !== null && typed > dev.balance;

  const submit = () => {
    const check = checkWithdraw(card, amount, dev?.balance);
    if (!check.ok) {
      banner.show(check.message);
      return;
    }
    withdraw.mutate(
      { cardNumber: check.cardNumber, amount: check.amount, idempotencyKey: key.current },
      {
        onSuccess: (request) => {
          haptic.notification('success');
          key.current = newIdempotencyKey();
          setCard('');
          setAmount('');
          setSent(request);
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
      {sent && (
        <div className={styles.success} role="status">
          <CheckCircleIcon size={22} />
          <span>
            Заявку на виведення {formatUah(sent.amount)} створено. Після перевірки адміністратор переведе {formatUah(sent.payout)} на
            картку {keepCardTogether(sent.cardNumber)}.
          </span>
        </div>
      )}
      <Input
        label="Номер картки"
        placeholder="0000 0000 0000 0000"
        inputMode="numeric"
        autoComplete="cc-number"
        value={card}
        onChange={(e) => edit(setCard)(cardInput(e.target.value))}
      />
      <Input
        label="Сума, грн"
        placeholder="Наприклад, 500"
        inputMode="decimal"
        value={amount}
        hint={dev ? `Доступно на гаманці розробника: ${formatUah(dev.balance)}` : '\u00a0'}
        error={over ? `${MSG.withdrawInsufficient} Доступно: ${formatUah(dev.balance)}` : undefined}
        onChange={(e) => edit(setAmount)(e.target.value)}
      />
      <Section
        footer={`Комісія за виведення — ${WITHDRAW_FEE_PERCENT} % від суми кожної транзакції. Гроші надійдуть на картку, щойно адміністратор підтвердить заявку.`}
      >
        <FeePreview amountText={over ? '' : amount} />
      </Section>
      {/* In the flow, not pinned: the developer's earlier requests follow below. */}
      <Button type="submit" size="large" stretched loading={withdraw.isPending} disabled={over}>
        Вивести
      </Button>
    </form>
  );
}
