import { Outlet, useNavigate, useSearchParams } from 'react-router';
import type { Wallet, WalletKind } from '@zalik/contract';
import { WALLET_LABELS } from '../../lib/wallets';
import { useMe } from '../../api/me';
import { isNetworkError, useOffline } from '../../api/network';
import { ArrowOutIcon, Button, Page, PlusIcon, Tabs } from '../../ui';
import { useWallets } from './api';
import { BalanceCard } from './BalanceCard';
import { PendingTopUps } from './PendingTopUps';
import { TransactionList } from './TransactionList';
import { paths } from '../../lib/paths';

/**
 * /wallet: the balance, top-up (a sheet over this screen), and the transaction history. A developer switches between the
 * general and the dev wallet (kept in `?wallet=dev`, so coming back from a withdraw keeps it);
 * withdraw exists only on the dev wallet, top-up only on the general one.
 */
export function WalletScreen() {
  const me = useMe();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const wallets = useWallets(me.telegramId);
  const offline = useOffline();

  const general = wallets.data?.find((w) => w.kind === 'general');
  const dev = me.isDeveloper ? wallets.data?.find((w) => w.kind === 'dev') : undefined;
  const kind: WalletKind = dev && search.get('wallet') === 'dev' ? 'dev' : 'general';
  const shown: Wallet | undefined = kind === 'dev' ? dev : general;
  const choose = (k: WalletKind) => setSearch(k === 'dev' ? { wallet: 'dev' } : {}, { replace: true });

  return (
    <Page title="Гаманець">
      {/* Shown while loading too, so the card below does not jump when the wallets arrive. */}
      {me.isDeveloper && (wallets.isPending || dev) && (
        <Tabs
          label="Гаманець"
          items={[
            { value: 'general' as const, label: WALLET_LABELS.general },
            { value: 'dev' as const, label: WALLET_LABELS.dev },
          ]}
          value={kind}
          onChange={choose}
        />
      )}
      {/* Offline is said once, by the app's offline bar: the card keeps its placeholders. */}
      <BalanceCard wallet={shown} error={isNetworkError(wallets.error) ? undefined : wallets.error?.message}>
        {kind === 'general' ? (
          <Button size="large" stretched disabled={offline} onClick={() => navigate(paths.wallet.deposit)}>
            <PlusIcon size={20} />
            Поповнити
          </Button>
        ) : (
          <Button size="large" stretched disabled={offline} onClick={() => navigate(paths.wallet.withdraw)}>
            <ArrowOutIcon size={20} />
            Вивести
          </Button>
        )}
      </BalanceCard>
      {/* A closed top-up sheet is not lost: the waiting top-ups, each reopenable. */}
      {kind === 'general' && <PendingTopUps />}
      {/* A developer's list follows the switch; a student has only the general wallet anyway. */}
      <TransactionList key={kind} telegramId={me.telegramId} kind={me.isDeveloper ? kind : undefined} />
      {/* /wallet/deposit: the top-up sheet over this screen. */}
      <Outlet />
    </Page>
  );
}
