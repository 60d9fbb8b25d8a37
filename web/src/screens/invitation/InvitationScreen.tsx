import { MSG, REFERRAL_BONUS_UAH, REFERRAL_FRIENDS_REQUIRED, WORDS, formatUah, pluralForm } from '@zalik/contract';
import { haptic } from '../../telegram/sdk';
import { Cell, EmptyState, IconTile, InviteIcon, Page, Section, SkeletonRows, useToast } from '../../ui';
import { useClaimBonus, useInviteProgress, useInvitedFriends, useIsAvailableClaim } from './api';
import { BonusCard } from './BonusCard';
import { FriendRow } from './FriendRow';
import { paths } from '../../lib/paths';

/* The iOS system green Telegram uses for "invite" icons; a white glyph sits on it. */
const INVITE_TILE = '#34c759';

const friendsWord = (n: number) => pluralForm(n, WORDS.friendAccusative);

/** /invitation: the referral programme, progress, the bonus button and the invited friends. */
export function InvitationScreen() {
  const friends = useInvitedFriends();
  const progress = useInviteProgress();
  const claimable = useIsAvailableClaim();
  const claim = useClaimBonus();
  const [toast, showToast] = useToast();

  const onClaim = () => {
    const amount = progress.data?.bonus || REFERRAL_BONUS_UAH;
    claim.mutate(undefined, {
      onSuccess: () => {
        haptic.notification('success');
        showToast(`Бонус ${formatUah(amount)} зараховано на загальний гаманець`);
      },
    });
  };

  const invited = friends.data?.length ?? progress.data?.invitedCount ?? 0;
  // Enough friends invited for the bonus: the section says so (the spec hid the invite button
  // then, which left the link unreachable: issue 29, docs/DECISIONS.md).
  const enoughInvited = invited >= REFERRAL_FRIENDS_REQUIRED;

  return (
    <Page title="Запрошення">
      {toast}
      <BonusCard progress={progress.data} claimable={claimable.data} claiming={claim.isPending} onClaim={onClaim} />

      <Section
        footer={enoughInvited ? `Ви запросили ${invited} ${friendsWord(invited)} — цього досить для бонусу.` : 'Посилання з вашим кодом: друг одразу потрапить у Залік.'}
      >
        {/* Always there: more friends still help (one may not qualify), and the link must stay reachable. */}
        <Cell to={paths.invitation.invite} before={<IconTile color={INVITE_TILE}><InviteIcon size={19} /></IconTile>}>
          Запросити друга
        </Cell>
        {enoughInvited && (
          <Cell before={<IconTile color={INVITE_TILE}><InviteIcon size={19} /></IconTile>} after={`${invited}`}>
            Запрошено друзів
          </Cell>
        )}
      </Section>

      <Section header="Запрошені друзі">
        {friends.isPending ? (
          <SkeletonRows count={3} avatar />
        ) : friends.data && friends.data.length > 0 ? (
          friends.data.map((invite) => <FriendRow key={invite.user.telegramId} invite={invite} />)
        ) : (
          <EmptyState text={MSG.emptyReferrals} />
        )}
      </Section>
    </Page>
  );
}
