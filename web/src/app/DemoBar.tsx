import { useSyncExternalStore, type CSSProperties } from 'react';
import type { Role } from '@zalik/contract';
import { DEMO_BAR_HEIGHT, getDemoState, pressDemoBackButton, setDemoTheme, subscribeDemo, switchPersona } from '../telegram/demo';
import { BackIcon, MoonIcon, SunIcon } from '../ui';
import styles from './DemoBar.module.css';
import { DemoPayments } from './DemoPayments';

const ROLE_LABEL: Record<Role, string> = {
  ROLE_USER: 'студент',
  ROLE_DEVELOPER: 'розробник',
  ROLE_ADMIN: 'адмін',
};

/**
 * Stands in for Telegram's own header in demo mode: its back button, the persona switcher
 * (reloads as that persona) and a light/dark switch (applied at once, as Telegram does); and for
 * what Telegram and the bank show over the app when it pays (DemoPayments).
 */
export function DemoBar() {
  const state = useSyncExternalStore(subscribeDemo, getDemoState);
  if (!state) return null;
  const dark = state.theme === 'dark';
  return (
    <>
    <header className={styles.bar} style={{ '--demo-bar-height': `${DEMO_BAR_HEIGHT}px` } as CSSProperties} data-testid="demo-bar">
      {state.backButtonVisible ? (
        <button type="button" className={styles.back} onClick={pressDemoBackButton} aria-label="Назад">
          <BackIcon size={24} />
        </button>
      ) : null}
      <span className={styles.title}>
        Залік<span className={styles.badge}>демо</span>
      </span>
      <button
        type="button"
        className={styles.icon}
        onClick={() => setDemoTheme(dark ? 'light' : 'dark')}
        aria-label={dark ? 'Світла тема' : 'Темна тема'}
        title={dark ? 'Світла тема' : 'Темна тема'}
      >
        {dark ? <SunIcon size={20} /> : <MoonIcon size={20} />}
      </button>
      <select
        className={styles.persona}
        aria-label="Демо-користувач"
        value={state.persona.telegramId}
        onChange={(e) => switchPersona(e.target.value)}
      >
        {state.personas.map((p) => (
          <option key={p.telegramId} value={p.telegramId}>
            {p.firstName} · {ROLE_LABEL[p.role]}
          </option>
        ))}
      </select>
    </header>
    {/* Telegram's payment sheet and the bank's page, as the emulated client shows them. */}
    <DemoPayments />
    </>
  );
}
