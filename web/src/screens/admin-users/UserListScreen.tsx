import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { User } from '@zalik/contract';
import { isNetworkError } from '../../api/network';
import { EmptyState, Input, LoadMore, Page, Section, SkeletonRows } from '../../ui';
import { useUsers } from './api';
import { RequireRole } from '../../lib/RequireRole';
import { userSearchQuery } from '../../lib/userSearch';
import { useBanFlow } from './useBanFlow';
import { UserRow } from './UserRow';
import styles from './admin-users.module.css';
import { listError } from '../../lib/useLoadMore';

const SEARCH_DELAY_MS = 250;

/** The URL's search: `?prefix=` (digits) or `?username=`. */
const searchOf = (p: URLSearchParams) => p.get('prefix') ?? (p.get('username') ? `@${p.get('username')}` : '');

/**
 * /settings/admin-panel/profile: every user, newest first, a page at a time as the admin
 * scrolls; searchable by Telegram ID prefix or username (lazy chunk).
 */
export default function UserListScreen() {
  return (
    <RequireRole role="admin">
      <UserList />
    </RequireRole>
  );
}

/** A new sign-in between two pages shifts the later ones: a user met twice is shown once. */
const unique = (users: User[]) => [...new Map(users.map((u) => [u.telegramId, u])).values()];

function UserList() {
  // The search lives in the URL, so coming back from a profile keeps it.
  const [params, setParams] = useSearchParams();
  const urlSearch = searchOf(params);
  const [typed, setTyped] = useState(urlSearch);
  const [search, setSearch] = useState(typed.trim());
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(typed.trim());
      // Only typing changes the URL: a timer still pending when the admin opens a profile or
      // 'Видати роль' would otherwise replace that screen's URL (and drop its ?telegramId).
      if (typed.trim() !== urlSearch) {
        const q = userSearchQuery(typed);
        setParams(q.prefix ? { prefix: q.prefix } : q.username ? { username: q.username } : {}, { replace: true });
      }
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [typed, urlSearch, setParams]);

  const users = useUsers(search);
  const ban = useBanFlow();
  const list = unique(users.data?.pages.flatMap((p) => p.content) ?? []);
  const waiting = users.isPending || isNetworkError(listError(users));

  return (
    <Page title="Користувачі">
      {ban.node}
      <Input
        type="search"
        autoComplete="off"
        aria-label="Пошук за Telegram ID або нікнеймом"
        placeholder="Telegram ID або @нікнейм"
        value={typed}
        maxLength={100}
        onChange={(e) => setTyped(e.target.value)}
      />
      <Section
        header={search ? 'Знайдені користувачі' : 'Усі користувачі, нові першими'}
        footer={list.length > 0 ? 'Утримуйте рядок або клацніть правою кнопкою, щоб видати роль чи заблокувати.' : undefined}
      >
        {waiting ? (
          <SkeletonRows count={6} avatar />
        ) : list.length === 0 ? (
          <EmptyState text={search ? `Немає користувачів за запитом «${search}»` : 'Користувачів ще немає'} />
        ) : (
          <div className={styles.list} aria-busy={users.isPlaceholderData || undefined}>
            {list.map((u) => (
              <UserRow key={u.telegramId} user={u} onBan={ban.ask} />
            ))}
          </div>
        )}
        <LoadMore pages={users} skeleton={<SkeletonRows count={3} avatar />} />
      </Section>
    </Page>
  );
}
