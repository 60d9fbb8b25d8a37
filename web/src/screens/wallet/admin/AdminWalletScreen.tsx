import { Navigate, useSearchParams } from 'react-router';
import { formatUah } from '@zalik/contract';
import { WALLET_LABELS } from '../../../lib/wallets';
import { RequireRole } from '../../../lib/RequireRole';
import { Cell, Page, Section, SkeletonRows } from '../../../ui';
import { useWallets } from '../api';
import { TransactionList } from '../TransactionList';
import styles from '../wallet.module.css';
import { TopUpForm } from './TopUpForm';
import { paths } from '../../../lib/paths';

/** /settings/admin-panel/profile/wallet?telegramId=<id> (admins; lazy chunk): a user's balances, a top-up and their transactions. */
export default function AdminWalletScreen() {
  const [search] = useSearchParams();
  const telegramId = search.get('telegramId')?.trim() ?? '';
  return (
    <RequireRole role="admin">
      {/^\d+$/.test(telegramId) ? <AdminWallet telegramId={telegramId} /> : <Navigate to={paths.admin.users} replace />}
    </RequireRole>
  );
}

function AdminWallet({ telegramId }: { telegramId: string }) {
  const wallets = useWallets(telegramId);

  return (
    <Page title="Гаманець користувача" subtitle={`Telegram ID ${telegramId}`}>
      <Section header="Баланс">
        {wallets.isPending ? (
          <SkeletonRows count={1} />
        ) : wallets.isError ? (
          <p className={styles.empty}>{wallets.error.message}</p>
        ) : (
          wallets.data.map((w) => (
            <Cell key={w.kind} after={<span className={styles.strong}>{formatUah(w.balance)}</span>} subtitle={w.pending ? `Очікує виплати: ${formatUah(w.pending)}` : undefined}>
              {WALLET_LABELS[w.kind]}
            </Cell>
          ))
        )}
      </Section>
      <TopUpForm telegramId={telegramId} />
      <TransactionList telegramId={telegramId} />
    </Page>
  );
}
