import { useEffect, useState, useSyncExternalStore } from 'react';
import { endpoints as ep, formatUah, type DemoInvoice } from '@zalik/contract';
import { call } from '../api/client';
import { closeDemoBank, closeDemoInvoice, getDemoState, subscribeDemo } from '../telegram/demo';
import { BottomSheet, Button, Input, SheetFooter, Spinner, StarIcon, Stars } from '../ui';
import styles from './DemoPayments.module.css';

/**
 * Demo mode's stand-ins for what Telegram and the bank show outside the app: the payment sheet
 * of a Stars invoice (its 'Pay' makes the API's fake Bot API do what Telegram does: the bot gets
 * pre_checkout_query, then successful_payment) and the bank's jar page (its transfer lands in
 * the fake jar, which the statement reader credits at its next read). The app itself goes its
 * real way: it opened an invoice or a link, and it waits for the server's status.
 */
export function DemoPayments() {
  const state = useSyncExternalStore(subscribeDemo, getDemoState);
  if (state?.invoice) return <StarsSheet key={state.invoice.slug} slug={state.invoice.slug} />;
  if (state?.bankLink) return <BankSheet key={state.bankLink} link={state.bankLink} />;
  return null;
}

function StarsSheet({ slug }: { slug: string }) {
  const [invoice, setInvoice] = useState<DemoInvoice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    call(ep.demoStarsInvoice, { params: { slug } }).then(setInvoice, (err: Error) => setError(err.message));
  }, [slug]);

  const pay = async () => {
    setPaying(true);
    try {
      const res = await call(ep.demoStarsPay, { params: { slug } });
      if (res.ok) closeDemoInvoice('paid');
      else setError(res.message ?? 'Telegram відхилив оплату.');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setPaying(false);
    }
  };

  return (
    <BottomSheet title="Оплата в Telegram · демо" system onClose={() => closeDemoInvoice(error ? 'failed' : 'cancelled')} testId="demo-invoice">
      <div className={styles.invoice}>
        <span className={styles.star} aria-hidden="true">
          <StarIcon size={40} />
        </span>
        {invoice ? (
          <>
            <p className={styles.title}>{invoice.title}</p>
            <p className={styles.price}>
              <Stars n={invoice.stars} />
            </p>
          </>
        ) : (
          !error && <Spinner size={24} />
        )}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : (
          <p className={styles.note}>Демо-режим: зірки не справжні. Оплата йде через локальну імітацію Telegram Bot API, як у справжньому Telegram.</p>
        )}
      </div>
      <SheetFooter>
        {error ? (
          <Button size="large" stretched variant="secondary" onClick={() => closeDemoInvoice('failed')}>
            Закрити
          </Button>
        ) : (
          <Button size="large" stretched disabled={!invoice} loading={paying} onClick={() => void pay()}>
            {invoice ? (
              <span>
                Оплатити <Stars n={invoice.stars} />
              </span>
            ) : (
              'Оплатити'
            )}
          </Button>
        )}
      </SheetFooter>
    </BottomSheet>
  );
}

function BankSheet({ link }: { link: string }) {
  const url = new URL(link);
  const [amount, setAmount] = useState(url.searchParams.get('a') ?? '');
  const [comment, setComment] = useState(url.searchParams.get('t') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      await call(ep.demoJarPay, { body: { amount: amount.replace(',', '.'), comment } });
      closeDemoBank();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <BottomSheet title="Банка Monobank · демо" system onClose={closeDemoBank} testId="demo-bank">
      <form
        className={styles.bank}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Input label="Сума, грн" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={error ?? undefined} />
        <Input label="Коментар до платежу" value={comment} onChange={(e) => setComment(e.target.value)} hint="Без коду поповнення платіж потрапить до адміністратора." />
        <p className={styles.note}>
          Демо-режим: переказ {amount ? `на ${formatUah(Number(amount.replace(',', '.')) || 0)} ` : ''}потрапить у локальну імітацію банки. Застосунок зарахує його, коли наступного разу прочитає виписку.
        </p>
      </form>
      <SheetFooter>
        <Button size="large" stretched loading={sending} onClick={() => void send()}>
          Надіслати переказ
        </Button>
      </SheetFooter>
    </BottomSheet>
  );
}
