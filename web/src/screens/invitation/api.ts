import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invite, InviteProgress } from '@zalik/contract';
import { api } from '../../api/client';
import { qk } from '../../api/queryKeys';

/** `GET /api/v1/invites/`: friends who signed in through my link, with what each paid for tasks. */
export function useInvitedFriends() {
  return useQuery({ queryKey: qk.invites.friends(), queryFn: () => api.get<Invite[]>('/api/v1/invites/') });
}

/** `GET /api/v1/invites/link`: my invite link and how far I am towards the bonus. */
export function useInviteProgress() {
  return useQuery({ queryKey: qk.invites.progress(), queryFn: () => api.get<InviteProgress>('/api/v1/invites/link') });
}

/** `GET /api/v1/invites/isAvailableClaim`: the server's flag that decides whether the bonus button works. */
export function useIsAvailableClaim() {
  return useQuery({ queryKey: qk.invites.claimable(), queryFn: () => api.get<boolean>('/api/v1/invites/isAvailableClaim') });
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
      qc.setQueryData(qk.invites.claimable(), false);
      if (progress && typeof progress === 'object') qc.setQueryData(qk.invites.progress(), progress);
      // The bonus landed on the general wallet: its balance and history are stale now.
      void qc.invalidateQueries({ queryKey: qk.wallet.all });
    },
    // Refused too (claimed on another device): either way the server knows best now.
    onSettled: () => qc.invalidateQueries({ queryKey: qk.invites.all }),
  });
}
