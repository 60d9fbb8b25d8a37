import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@zalik/contract';
import { api } from '../../api/client';
import { qk } from '../../api/queryKeys';

const USERS = '/api/v1/users';
const idPath = (telegramId: string) => `${USERS}/${encodeURIComponent(telegramId)}`;

/** All users, or those whose Telegram ID starts with `prefix` (`GET /users/search?prefix=`). */
export function useUsers(prefix: string) {
  return useQuery({
    queryKey: qk.users.list(prefix),
    queryFn: () => (prefix ? api.get<User[]>(`${USERS}/search`, { query: { prefix } }) : api.get<User[]>(`${USERS}/`)),
    // While the next prefix loads, the previous list stays: the rows do not blink at each digit.
    placeholderData: keepPreviousData,
  });
}

export function useUser(telegramId: string) {
  return useQuery({ queryKey: qk.users.one(telegramId), queryFn: () => api.get<User>(idPath(telegramId)), enabled: !!telegramId });
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
      api.patch<User>(`${idPath(user.telegramId)}/ban`, undefined, { query: { value: !user.isBanned } }),
    onSuccess: (answer, user) => changed(answer, user.telegramId),
  });
}

/** `PATCH /users/{id}/roles {roleName}`: grants one role. */
export function useGrantRole(telegramId: string) {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: (roleName: 'ROLE_ADMIN' | 'ROLE_DEVELOPER') => api.patch<User>(`${idPath(telegramId)}/roles`, { roleName }),
    onSuccess: (answer) => changed(answer, telegramId),
  });
}
