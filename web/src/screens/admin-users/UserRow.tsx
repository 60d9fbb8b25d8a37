import { useNavigate } from 'react-router';
import type { User } from '@zalik/contract';
import { useMe } from '../../api/me';
import { Avatar, Cell, ContextMenu, type ContextMenuItem } from '../../ui';
import { courseText, displayName, fullName } from './labels';
import styles from './admin-users.module.css';
import { paths } from '../../lib/paths';

interface UserRowProps {
  user: User;
  onBan: (user: User) => void;
}

/** A user in the admin list: tap opens the profile; long press / right click: give a role, ban or unban. */
export function UserRow({ user, onBan }: UserRowProps) {
  const me = useMe();
  const navigate = useNavigate();
  const items: ContextMenuItem[] = [{ label: 'Видати роль', onSelect: () => navigate(paths.admin.giveRole(user.telegramId)) }];
  // The server refuses a self-ban; the menu does not offer it.
  if (user.telegramId !== me.telegramId) {
    items.push({ label: user.isBanned ? 'Розблокувати' : 'Заблокувати', onSelect: () => onBan(user), destructive: !user.isBanned });
  }
  const badges = [
    user.isBanned && <span key="ban" className={styles.badgeDanger}>Заблоковано</span>,
    user.roles.includes('ROLE_ADMIN') && <span key="admin" className={styles.badge}>Адмін</span>,
    user.roles.includes('ROLE_DEVELOPER') && <span key="dev" className={styles.badge}>Розробник</span>,
  ].filter(Boolean);

  return (
    <ContextMenu items={items}>
      <Cell
        to={paths.admin.user(user.telegramId)}
        before={<Avatar photo={user.photo} name={fullName(user) || user.username} seed={user.telegramId} />}
        subtitle={`ID ${user.telegramId} · ${courseText(user.courseNumber)}`}
        after={badges.length ? <span className={styles.badges}>{badges}</span> : undefined}
      >
        {displayName(user)}
      </Cell>
    </ContextMenu>
  );
}
