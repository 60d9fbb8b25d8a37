import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, Input, Page, Section, SkeletonRows } from '../../ui';
import { useUsers } from './api';
import { RequireRole } from '../../lib/RequireRole';
import { useBanFlow } from './useBanFlow';
import { UserRow } from './UserRow';
import styles from './admin-users.module.css';

/** Rows drawn at once; the search narrows a big list down rather than the screen scrolling thousands. */
const SHOWN = 100;
const SEARCH_DELAY_MS = 250;

/** /settings/admin-panel/profile: every user, searchable by Telegram ID prefix (lazy chunk). */
export default function UserListScreen() {
  return (
    <RequireRole role="admin">
      <UserList />
    </RequireRole>
  );
}

function UserList() {
  // The prefix lives in the URL, so coming back from a profile keeps the search.
  const [search, setSearch] = useSearchParams();
  const [typed, setTyped] = useState(search.get('prefix') ?? '');
  const [prefix, setPrefix] = useState(typed);
  const urlPrefix = search.get('prefix') ?? '';
  useEffect(() => {
    const t = setTimeout(() => {
      setPrefix(typed);
      // Only typing changes the URL: a timer still pending when the admin opens a profile or
      // 'Видати роль' would otherwise replace that screen's URL (and drop its ?telegramId).
      if (typed !== urlPrefix) setSearch(typed ? { prefix: typed } : {}, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [typed, urlPrefix, setSearch]);

  const users = useUsers(prefix);
  const ban = useBanFlow();
  const list = users.data ?? [];

  return (
    <Page title="Користувачі">
      {ban.node}
      <Input
        type="search"
        inputMode="numeric"
        autoComplete="off"
        aria-label="Пошук за Telegram ID"
        placeholder="Пошук за Telegram ID"
        value={typed}
        onChange={(e) => setTyped(e.target.value.replace(/\D/g, '').slice(0, 16))}
      />
      <Section
        header={users.data ? `${prefix ? 'Знайдено' : 'Усього'}: ${list.length}` : 'Користувачі'}
        footer={
          list.length > SHOWN
            ? `Показано перші ${SHOWN}. Уточніть Telegram ID, щоб знайти інших.`
            : list.length > 0
              ? 'Утримуйте рядок або клацніть правою кнопкою, щоб видати роль чи заблокувати.'
              : undefined
        }
      >
        {users.isPending ? (
          <SkeletonRows count={6} avatar />
        ) : list.length === 0 ? (
          <EmptyState text={prefix ? `Немає користувачів з Telegram ID, що починається на ${prefix}` : 'Користувачів ще немає'} />
        ) : (
          <div className={styles.list} aria-busy={users.isPlaceholderData || undefined}>
            {list.slice(0, SHOWN).map((u) => (
              <UserRow key={u.telegramId} user={u} onBan={ban.ask} />
            ))}
          </div>
        )}
      </Section>
    </Page>
  );
}
