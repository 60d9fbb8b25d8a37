import { useRef, useState, type ReactNode } from 'react';
import { WITHDRAW_FEE_PERCENT, formatUah, kopecksToUah, uahToKopecks, withdrawSplit, type PayoutRules, type WalletEntry, type Withdrawal } from '@zalik/contract';
import { newIdempotencyKey } from '../../../api/client';
import { paths } from '../../../lib/paths';
import { haptic } from '../../../telegram/sdk';
import { Cell, CheckCircleIcon, ConfirmDialog, Input, MainAction, PropertyList, Section, useErrorBanner } from '../../../ui';
import { keepCardTogether, parseUah } from '../format';
import { useRate, useWithdrawToDetails } from '../payouts/api';
import { USD, UAH, destination, usdLine } from '../payouts/details';
import styles from '../wallet.module.css';
import { FeePreview } from './FeePreview';
import { checkWithdraw } from './validate';

interface WithdrawFormProps {
  dev: WalletEntry;
  rules: PayoutRules;
  open: Withdrawal | undefined;
  /** Shown under the fields, above the pinned main button's place (the developer's earlier requests). */
  children?: ReactNode;
}

/** The withdraw request to the saved details: the amount with its minimum and fee, confirmed before it is sent. */
export function WithdrawForm({ dev, rules, open, children }: WithdrawFormProps) {
  const banner = useErrorBanner();
  const withdraw = useWithdrawToDetails();
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);
  const [sent, setSent] = useState<Withdrawal | null>(null);
  const crypto = dev.paymentDetailsType === 'CRYPTO';
  const rate = useRate(USD, UAH, crypto);
  // One key per request: a retry of the same request (lost answer) never asks twice.
  const key = useRef(newIdempotencyKey());
  const where = dev.paymentDetails ? destination(dev.paymentDetailsType, keepCardTogether(dev.paymentDetails)) : '';

  const typed = parseUah(amount);
  const over = typed !== null && typed > dev.balance;
  const state = { minAmount: rules.minAmount, balance: dev.balance, hasDetails: dev.paymentDetails !== null, open: open !== undefined };

  const ask = () => {
    const check = checkWithdraw(amount, state);
    if (!check.ok) {
      banner.show(check.message);
      return;
    }
    setConfirming(check.amount);
  };
  const send = (value: number) => {
    setConfirming(null);
    withdraw.mutate(
      { amount: value, walletId: dev.id, idempotencyKey: key.current },
      {
        onSuccess: (request) => {
          haptic.notification('success');
          key.current = newIdempotencyKey();
          setAmount('');
          setSent(request);
        },
      },
    );
  };
  const extra = crypto && rate.data ? (payout: number) => <p className={styles.previewNote}>{usdLine(payout, rate.data!)}</p> : undefined;
  const split = (value: number) => withdrawSplit(uahToKopecks(value));

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        ask();
      }}
    >
      {sent && (
        <div className={styles.success} role="status">
          <CheckCircleIcon size={22} />
          <span>
            Заявку на виведення {formatUah(sent.amount)} створено. Після перевірки адміністратор переведе {formatUah(sent.payout)} на {where}.
          </span>
        </div>
      )}
      <Section header="Куди виплачувати">
        {dev.paymentDetails ? (
          <Cell to={paths.wallet.payoutDetails} subtitle={crypto ? rules.cryptoNetworkLabel : 'Банківська картка'} after="Змінити">
            {keepCardTogether(dev.paymentDetails)}
          </Cell>
        ) : (
          <Cell to={paths.wallet.payoutDetails} tone="accent" subtitle="Картка або криптогаманець">
            Додати дані для виплат
          </Cell>
        )}
      </Section>
      {open && (
        <p className={styles.notice} role="note">
          Заявка на {formatUah(open.amount)} в обробці. Нову можна подати, коли її розглянуть.
        </p>
      )}
      <Input
        label="Сума, грн"
        placeholder={`Від ${rules.minAmount}`}
        inputMode="decimal"
        value={amount}
        hint={`Мінімум ${formatUah(rules.minAmount)} · доступно ${formatUah(dev.balance)}`}
        error={over ? `Недостатньо коштів: доступно ${formatUah(dev.balance)}` : undefined}
        onChange={(e) => {
          key.current = newIdempotencyKey();
          setSent(null);
          setAmount(e.target.value);
        }}
      />
      <Section
        footer={`Комісія — ${WITHDRAW_FEE_PERCENT} % від суми заявки. Якщо адміністратор не розгляне заявку за ${rules.timeoutHours} год, її буде скасовано, а кошти повернуться на гаманець.`}
      >
        <FeePreview amountText={over ? '' : amount} payoutLabel={crypto ? 'До виплати' : 'На картку надійде'} extra={extra} />
      </Section>
      {children}
      {/* The main action names what it will move, as Telegram's own payment buttons do. */}
      <MainAction submit text={typed !== null && typed > 0 && !over ? `Вивести · ${formatUah(typed)}` : 'Вивести'} loading={withdraw.isPending} disabled={over || open !== undefined || !dev.paymentDetails} onAction={ask} />
      <ConfirmDialog
        open={confirming !== null}
        destructive={false}
        title="Підтвердіть виведення"
        confirmLabel="Вивести"
        text={
          confirming !== null && (
            <PropertyList
              items={[
                { label: 'Сума', value: formatUah(confirming) },
                { label: `Комісія ${WITHDRAW_FEE_PERCENT} %`, value: formatUah(kopecksToUah(split(confirming).feeKop)) },
                { label: 'До виплати', value: formatUah(kopecksToUah(split(confirming).payoutKop)) },
                { label: 'Куди', value: where },
              ]}
            />
          )
        }
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming !== null && send(confirming)}
      />
    </form>
  );
}
