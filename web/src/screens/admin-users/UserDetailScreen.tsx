import { Navigate, useSearchParams } from 'react-router';
import type { User } from '@zalik/contract';
import { useMe } from '../../api/me';
import { formatDate } from '../../lib/date';
import { Avatar, Cell, EmptyState, HistoryIcon, IconTile, Page, PropertyList, Section, SkeletonRows, WalletIcon } from '../../ui';
import { RolesSection } from './RolesSection';
import { useUser } from './api';
import { courseText, displayName, fullName, rolesText, telegramIdParam } from './labels';
import { RequireRole } from '../../lib/RequireRole';
import { useBanFlow } from './useBanFlow';
import { UserAuditSection } from './audit/UserAuditSection';
import styles from './admin-users.module.css';
import { paths } from '../../lib/paths';

/* iOS system colours (white glyphs), as on the settings screen. */
const TILE = { wallet: '#34c759', history: '#ff9500' } as const;

/** /settings/admin-panel/profile/user?telegramId=: one user's profile and what an admin can do with it (lazy chunk). */
export default function UserDetailScreen() {
  const [search] = useSearchParams();
  const telegramId = telegramIdParam(search);
  return <RequireRole role="admin">{telegramId ? <UserDetail telegramId={telegramId} /> : <Navigate to={paths.admin.users} replace />}</RequireRole>;
}

function UserDetail({ telegramId }: { telegramId: string }) {
  const user = useUser(telegramId);
  const ban = useBanFlow();
  const me = useMe();

  if (user.isError && !user.data) {
    return (
      <Page title="Користувач">
        <EmptyState text={user.error.message} />
      </Page>
    );
  }
  if (!user.data) {
    return (
      <Page>
        <div className={styles.head} aria-busy={user.isPending || undefined}>
          <span className={styles.headAvatarSkeleton} />
        </div>
        <Section header="Профіль">
          <SkeletonRows count={5} />
        </Section>
      </Page>
    );
  }
  const u = user.data;
  return (
    <Page>
      {ban.node}
      <Header user={u} />
      <Section header="Профіль">
        {/* The same label-value rows as the dev panel's order and a purchase's result. */}
        <PropertyList
          items={[
            { label: 'Telegram ID', value: u.telegramId },
            { label: 'Нікнейм', value: u.username ? `@${u.username}` : 'Unknown' },
            { label: 'Курс', value: courseText(u.courseNumber) },
            { label: 'Створено', value: formatDate(u.createdAt) },
            { label: 'Ролі', value: rolesText(u.roles) },
            { label: 'Статус', value: <span className={u.isBanned ? styles.statusBanned : undefined}>{u.isBanned ? 'Заблоковано' : 'Активний'}</span> },
          ]}
        />
      </Section>
      <Section>
        <Cell to={paths.admin.wallet(u.telegramId)} before={<IconTile color={TILE.wallet}><WalletIcon size={19} /></IconTile>}>
          Гаманець
        </Cell>
        <Cell to={paths.admin.history(u.telegramId)} before={<IconTile color={TILE.history}><HistoryIcon size={19} /></IconTile>}>
          Історія завдань
        </Cell>
      </Section>
      <RolesSection user={u} meId={me.telegramId} />
      <UserAuditSection telegramId={u.telegramId} />
      {u.telegramId !== me.telegramId && (
        <Section>
          <Cell tone={u.isBanned ? 'accent' : 'destructive'} onClick={() => ban.ask(u)}>
            {u.isBanned ? 'Розблокувати' : 'Заблокувати'}
          </Cell>
        </Section>
      )}
    </Page>
  );
}

function Header({ user }: { user: User }) {
  const name = fullName(user);
  return (
    <div className={styles.head}>
      <Avatar photo={user.photo} name={name || user.username} seed={user.telegramId} size={84} />
      <h1 className={styles.headName}>{name || displayName(user)}</h1>
      <p className={styles.headMeta}>{user.username ? `@${user.username}` : 'Unknown'}</p>
    </div>
  );
}
