import { useMe } from '../../../api/me';
import { RequireRole } from '../../../lib/RequireRole';
import { Page } from '../../../ui';
import { useWallets } from '../api';
import { MyWithdrawals } from './MyWithdrawals';
import { WithdrawForm } from './WithdrawForm';

/** /wallet/withdraw (developers; lazy chunk): a payout request from the dev wallet and the earlier ones. */
export default function WithdrawScreen() {
  return (
    <RequireRole role="developer">
      <Withdraw />
    </RequireRole>
  );
}

function Withdraw() {
  const me = useMe();
  const wallets = useWallets(me.telegramId);
  const dev = wallets.data?.find((w) => w.kind === 'dev');
  return (
    <Page title="Виведення коштів">
      <WithdrawForm dev={dev} />
      <MyWithdrawals />
    </Page>
  );
}
