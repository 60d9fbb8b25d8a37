import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { Link } from './Link';
import { haptic } from '../telegram/sdk';
import { InviteIcon, SettingsIcon, TasksIcon, WalletIcon } from './icons';
import styles from './BottomNav.module.css';
import { basePaths } from '../lib/basePaths';

interface NavItem {
  to: string;
  label: string;
  Icon: ComponentType<{ size?: number }>;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: basePaths.home, label: 'Завдання', Icon: TasksIcon },
  { to: basePaths.wallet.root, label: 'Гаманець', Icon: WalletIcon },
  { to: basePaths.invitation.root, label: 'Запрошення', Icon: InviteIcon },
  { to: basePaths.settings.root, label: 'Налаштування', Icon: SettingsIcon },
];

/** Which tab a path belongs to: its first segment, and everything else (/, /list-task/...) is tasks. */
export function activeTab(pathname: string): string {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return NAV_ITEMS.some((i) => i.to === first && first !== basePaths.home) ? first : basePaths.home;
}

/** The four-tab bottom navigation, above the bottom safe-area inset. */
export function BottomNav() {
  const { pathname } = useLocation();
  const active = activeTab(pathname);
  return (
    <nav className={styles.nav} aria-label="Головне меню">
      {NAV_ITEMS.map(({ to, label, Icon }) => {
        const isActive = to === active;
        return (
          <Link
            key={to}
            to={to}
            className={[styles.item, isActive ? styles.active : ''].join(' ')}
            aria-current={isActive ? 'page' : undefined}
            onClick={() => !isActive && haptic.selection()}
          >
            <Icon size={26} />
            <span>{label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
