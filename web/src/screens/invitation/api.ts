import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep } from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';

/** `invitedFriends`: friends who signed in through my link, with what each paid for tasks. */
export function useInvitedFriends() {
  return useQuery({ queryKey: qk.invites.friends(), queryFn: () => call(ep.invitedFriends, {}) });
}

/** `inviteLink`: my invite link and how far I am towards the bonus. */
export function useInviteProgress() {
  return useQuery({ queryKey: qk.invites.progress(), queryFn: () => call(ep.inviteLink, {}) });
}

/** `canClaimInviteBonus`: the server's flag that decides whether the bonus button works. */
export function useIsAvailableClaim() {
  return useQuery({ queryKey: qk.invites.claimable(), queryFn: () => call(ep.canClaimInviteBonus, {}) });
}

/**
 * `claimInviteBonus`: pays the bonus into the general wallet. The answer is
 * the new progress (bonus 0, claimed), so the button turns inactive without another request.
 */
export function useClaimBonus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(ep.claimInviteBonus, {}),
    onSuccess: (progress) => {
      qc.setQueryData(qk.invites.claimable(), false);
      if (progress && typeof progress === 'object') qc.setQueryData(qk.invites.progress(), progress);
      // The bonus landed on the general wallet: its balance and history are stale now.
      void qc.invalidateQueries({ queryKey: qk.wallet.all });
    },
    // Refused too (claimed on another device): either way the server knows best now.
    onSettled: () => qc.invalidateQueries({ queryKey: qk.invites.all }),
  });
}
