import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEPOSIT_PROVIDERS, DEPOSIT_STATUSES, MSG, formatUah, type DepositProvider, type DepositRequest, type DepositStatus } from '@zalik/contract';
import { RequireRole } from '../../../lib/RequireRole';
import { haptic } from '../../../telegram/sdk';
import { loadingRegion, ConfirmDialog, EmptyState, LoadMore, Page, SkeletonBar, Stars, Tabs, useToast } from '../../../ui';
import { useDepositRequests, useRefundDeposit } from './api';
import styles from './admin.module.css';
import { DepositCard } from './DepositCard';
import { whoOf } from './labels';
import { listError } from '../../../lib/useLoadMore';

const STATUS_FILTER = [
  { value: 'all', label: 'Усі' },
  { value: 'PAID', label: 'Оплачені' },
  { value: 'PENDING', label: 'Очікують' },
  { value: 'EXPIRED', label: 'Минули' },
  { value: 'REFUNDED', label: 'Повернуті' },
] as const satisfies readonly { value: DepositStatus | 'all'; label: string }[];

const PROVIDER_FILTER = [
  { value: 'all', label: 'Усі способи' },
  { value: 'TELEGRAM_STARS', label: 'Telegram Stars' },
  { value: 'MONOBANK', label: 'Картка' },
] as const satisfies readonly { value: DepositProvider | 'all'; label: string }[];

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | 'all' => (list.includes(v as T) ? (v as T) : 'all');

function Skeletons({ count = 3 }: { count?: number }) {
  return (
    <div className={styles.list} {...loadingRegion()}>
      {Array.from({ length: count }, (_, i) => (
        <div className={styles.card} key={i}>
          <SkeletonBar width="45%" height={16} />
          <SkeletonBar width="35%" height={12} />
          <SkeletonBar width="60%" height={26} />
          <SkeletonBar width="80%" height={14} />
        </div>
      ))}
    </div>
  );
}

/** /settings/admin-panel/deposits (admins; lazy chunk): students' top-ups, filtered; paid Stars ones can be refunded. */
export default function AdminDepositsScreen() {
  return (
    <RequireRole role="admin">
      <AdminDeposits />
    </RequireRole>
  );
}

function AdminDeposits() {
  // Filters live in the address, so coming back to the list keeps them.
  const [search, setSearch] = useSearchParams();
  const status = oneOf(DEPOSIT_STATUSES, search.get('status'));
  const provider = oneOf(DEPOSIT_PROVIDERS, search.get('provider'));
  const setFilter = (key: 'status' | 'provider', value: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'all') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const list = useDepositRequests(status, provider);
  const refund = useRefundDeposit();
  const [confirming, setConfirming] = useState<DepositRequest | null>(null);
  const [toast, showToast] = useToast();
  const rows = list.data?.pages.flat() ?? [];

  const body = () => {
    if (list.isPending) return <Skeletons />;
    const failed = listError(list);
    if (failed) return <EmptyState text={failed.message} />;
    if (rows.length === 0) return <EmptyState text="Поповнень за цим фільтром немає" />;
    return (
      <div className={styles.list}>
        {rows.map((r) => (
          <DepositCard
            key={r.id}
            request={r}
            busy={refund.isPending && refund.variables === r.id}
            onRefund={r.status === 'PAID' && r.provider === 'TELEGRAM_STARS' ? () => setConfirming(r) : undefined}
          />
        ))}
        <LoadMore pages={list} skeleton={<Skeletons count={1} />} />
      </div>
    );
  };

  return (
    <Page title="Поповнення" subtitle="Запити студентів на поповнення: через Telegram Stars або карткою через банку.">
      {toast}
      <div className={styles.filters}>
        <Tabs variant="chips" label="Статус" items={STATUS_FILTER} value={status} onChange={(v) => setFilter('status', v)} />
        <Tabs label="Спосіб оплати" items={PROVIDER_FILTER} value={provider} onChange={(v) => setFilter('provider', v)} />
      </div>
      {body()}
      <ConfirmDialog
        open={confirming !== null}
        title="Повернути зірки?"
        question={
          confirming ? (
            <>
              <Stars n={confirming.stars ?? 0} /> повернуться {whoOf(confirming.user)}.
            </>
          ) : undefined
        }
        text={
          confirming
            ? `З його загального гаманця буде списано ${formatUah(confirming.credited ?? confirming.amount)}. Якщо частину вже витрачено, повернення не відбудеться.`
            : undefined
        }
        confirmLabel="Повернути"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const r = confirming;
          setConfirming(null);
          if (r)
            refund.mutate(r.id, {
              onSuccess: () => {
                haptic.notification('success');
                showToast(MSG.depositStarsRefunded);
              },
            });
        }}
      />
    </Page>
  );
}
