import { useMe } from '../../../api/me';
import { RequireRole } from '../../../lib/RequireRole';
import { EmptyState, Page, SkeletonRows } from '../../../ui';
import { useMyWithdrawals } from '../api';
import { usePayoutRules, useWalletEntries } from '../payouts/api';
import { MyWithdrawals } from './MyWithdrawals';
import { WithdrawForm } from './WithdrawForm';

/** /wallet/withdraw (developers; lazy chunk): a payout request from the dev wallet to the saved details, and the earlier ones. */
export default function WithdrawScreen() {
  return (
    <RequireRole role="developer">
      <Withdraw />
    </RequireRole>
  );
}

function Withdraw() {
  const me = useMe();
  const entries = useWalletEntries(me.telegramId);
  const rules = usePayoutRules();
  const mine = useMyWithdrawals();
  const dev = entries.data?.find((w) => w.walletType === 'DEVELOPER');
  const body = () => {
    const list = <MyWithdrawals list={mine} />;
    if (entries.isPending || rules.isPending) {
      return (
        <>
          <SkeletonRows count={3} />
          {list}
        </>
      );
    }
    if (!dev || !rules.data) return <EmptyState text={entries.error?.message ?? rules.error?.message ?? 'Гаманець розробника не знайдено'} />;
    return (
      <WithdrawForm dev={dev} rules={rules.data} open={mine.data?.find((w) => w.status === 'PENDING')}>
        {list}
      </WithdrawForm>
    );
  };
  return <Page title="Виведення коштів">{body()}</Page>;
}
