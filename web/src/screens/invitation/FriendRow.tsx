import { REFERRAL_MIN_SPEND_UAH, formatUah, type Invite } from '@zalik/contract';
import { Avatar, Cell } from '../../ui';

/** One invited friend: photo or initials, username or 'Unknown', and what they spent on tasks. */
export function FriendRow({ invite }: { invite: Invite }) {
  const { user, spendBalance } = invite;
  const name = user.username || 'Unknown';
  const left = REFERRAL_MIN_SPEND_UAH - spendBalance;
  return (
    <Cell before={<Avatar photo={user.photo} name={user.username} seed={user.telegramId} />} subtitle={left > 0 ? `Ще ${formatUah(left)} до умови` : 'Умову виконано'} after={formatUah(spendBalance)}>
      {name}
    </Cell>
  );
}
