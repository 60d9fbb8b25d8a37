import { HISTORY_PAGE_SIZE, MSG, type WalletKind } from '@zalik/contract';
import { isNetworkError } from '../../api/network';
import { Button, EmptyState, LoadMore, Section } from '../../ui';
import { RowSkeletons } from './RowSkeletons';
import { useTransactions } from './api';
import { TransactionRow } from './TransactionRow';
import styles from './wallet.module.css';
import { listError } from '../../lib/useLoadMore';

interface TransactionListProps {
  telegramId: string;
  /** Only this wallet's rows (the developer's switch); both when undefined. */
  kind?: WalletKind;
  header?: string;
}

/**
 * Newest first, HISTORY_PAGE_SIZE at a time: the next page loads when the end of the list
 * scrolls into view, or with the 'Показати ще' button (also the fallback without an observer).
 */
export function TransactionList({ telegramId, kind, header = 'Транзакції' }: TransactionListProps) {
  const query = useTransactions(telegramId, kind);

  if (query.isPending) {
    return (
      <Section header={header}>
        <RowSkeletons count={HISTORY_PAGE_SIZE} kind="transaction" />
      </Section>
    );
  }
  // Offline is said once, by the app's offline bar: the list keeps its placeholders.
  const failed = listError(query);
  if (isNetworkError(failed)) {
    return (
      <Section header={header}>
        <RowSkeletons count={HISTORY_PAGE_SIZE} kind="transaction" />
      </Section>
    );
  }
  // Says why and offers to try again, as the other lists do.
  if (failed) {
    return (
      <Section header={header}>
        <EmptyState text={failed.message}>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Спробувати ще раз
          </Button>
        </EmptyState>
      </Section>
    );
  }
  const rows = query.data?.pages.flat() ?? [];
  if (rows.length === 0) {
    return (
      <Section header={header}>
        <p className={styles.empty}>{MSG.emptyHistory}</p>
      </Section>
    );
  }
  return (
    <Section header={header}>
      <ul className={styles.list} aria-label={header}>
        {rows.map((t) => (
          <TransactionRow key={`${t.transactionId}-${t.transactionType}-${t.wallet}`} transaction={t} />
        ))}
      </ul>
      <LoadMore pages={query} skeleton={<RowSkeletons count={2} kind="transaction" />} />
    </Section>
  );
}
