import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invite, InviteProgress } from '@zalik/contract';
import { api } from '../../api/client';
import { walletKeys } from '../wallet/keys';
import { inviteKeys } from './keys';

/** `GET /api/v1/invites/`: friends who signed in through my link, with what each paid for tasks. */
export function useInvitedFriends() {
  return useQuery({ queryKey: inviteKeys.friends(), queryFn: () => api.get<Invite[]>('/api/v1/invites/') });
}

/** `GET /api/v1/invites/link`: my invite link and how far I am towards the bonus. */
export function useInviteProgress() {
  return useQuery({ queryKey: inviteKeys.progress(), queryFn: () => api.get<InviteProgress>('/api/v1/invites/link') });
}

/** `GET /api/v1/invites/isAvailableClaim`: the server's flag that decides whether the bonus button works. */
export function useIsAvailableClaim() {
  return useQuery({ queryKey: inviteKeys.claimable(), queryFn: () => api.get<boolean>('/api/v1/invites/isAvailableClaim') });
}

/**
 * `PUT /api/v1/invites/deposit-amount`: pays the bonus into the general wallet. The answer is
 * the new progress (bonus 0, claimed), so the button turns inactive without another request.
 */
export function useClaimBonus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<InviteProgress | undefined>('/api/v1/invites/deposit-amount'),
    onSuccess: (progress) => {
      qc.setQueryData(inviteKeys.claimable(), false);
      if (progress && typeof progress === 'object') qc.setQueryData(inviteKeys.progress(), progress);
      // The bonus landed on the general wallet: its balance and history are stale now.
      void qc.invalidateQueries({ queryKey: walletKeys.all });
    },
    // Refused too (claimed on another device): either way the server knows best now.
    onSettled: () => qc.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}
