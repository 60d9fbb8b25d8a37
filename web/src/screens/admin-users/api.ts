import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep, type User } from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';

/** All users, or those whose Telegram ID starts with `prefix` (`GET /users/search?prefix=`). */
export function useUsers(prefix: string) {
  return useQuery({
    queryKey: qk.users.list(prefix),
    queryFn: () => (prefix ? call(ep.searchUsers, { query: { prefix } }) : call(ep.listUsers, {})),
    // While the next prefix loads, the previous list stays: the rows do not blink at each digit.
    placeholderData: keepPreviousData,
  });
}

export function useUser(telegramId: string) {
  return useQuery({ queryKey: qk.users.one(telegramId), queryFn: () => call(ep.getUser, { params: { telegramId } }), enabled: !!telegramId });
}

/** The answer of a change is the user as it is now: show it at once, then refresh the lists. */
function useUserChanged() {
  const qc = useQueryClient();
  return (user: User | undefined, telegramId: string) => {
    if (user && typeof user === 'object') qc.setQueryData(qk.users.one(telegramId), user);
    void qc.invalidateQueries({ queryKey: qk.users.all });
  };
}

/** `PATCH /users/{id}/ban?value=` with the opposite of the user's current state (spec 4). */
export function useToggleBan() {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: (user: Pick<User, 'telegramId' | 'isBanned'>) =>
      call(ep.banUser, { params: { telegramId: user.telegramId }, query: { value: user.isBanned ? 'false' : 'true' } }),
    onSuccess: (answer, user) => changed(answer, user.telegramId),
  });
}

/** `PATCH /users/{id}/roles {roleName}`: grants one role. */
export function useGrantRole(telegramId: string) {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: (roleName: 'ROLE_ADMIN' | 'ROLE_DEVELOPER') => call(ep.grantRole, { params: { telegramId }, body: { roleName } }),
    onSuccess: (answer) => changed(answer, telegramId),
  });
}
