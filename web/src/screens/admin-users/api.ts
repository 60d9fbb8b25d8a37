import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep, USER_PAGE_SIZE, type Page, type User } from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';
import { userSearchQuery } from '../../lib/userSearch';

/**
 * All users, or those whose Telegram ID starts with what was typed or whose username holds it,
 * USER_PAGE_SIZE at a time, newest first, until a page says it is the last.
 */
export function useUsers(search: string) {
  return useInfiniteQuery({
    queryKey: qk.users.list(search),
    queryFn: ({ pageParam, signal }) => {
      const page = { page: pageParam, limit: USER_PAGE_SIZE };
      const answer = search ? call(ep.searchUsers, { query: { ...userSearchQuery(search), ...page } }, { signal }) : call(ep.listUsers, { query: page }, { signal });
      return answer.then(pageOf);
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.last ? undefined : pages.length),
    // While the next search loads, the previous list stays: the rows do not blink at each key.
    placeholderData: keepPreviousData,
  });
}

/** A list's answer to a request that named `page`: always a page, typed as one. */
const pageOf = (answer: User[] | Page<User>): Page<User> => (Array.isArray(answer) ? { content: answer, last: answer.length < USER_PAGE_SIZE } : answer);

export function useUser(telegramId: string) {
  return useQuery({ queryKey: qk.users.one(telegramId), queryFn: () => call(ep.getUser, { params: { telegramId } }), enabled: !!telegramId });
}

/** The answer of a change is the user as it is now: show it at once, then refresh the lists. */
function useUserChanged() {
  const qc = useQueryClient();
  return (user: User | undefined, telegramId: string) => {
    if (user && typeof user === 'object') qc.setQueryData(qk.users.one(telegramId), user);
    void qc.invalidateQueries({ queryKey: qk.users.all });
    void qc.invalidateQueries({ queryKey: qk.audit.all });
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

/** `DELETE /users/{id}/roles/{role}`: takes one role away (the server refuses an admin's own, or the last admin's). */
export function useRevokeRole(telegramId: string) {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: (role: 'ROLE_ADMIN' | 'ROLE_DEVELOPER') => call(ep.revokeRole, { params: { telegramId, role } }),
    onSuccess: (answer) => changed(answer, telegramId),
  });
}
