import { MSG } from '@zalik/contract';
import { useEffect } from 'react';
import { haptic } from '../../telegram/sdk';
import { Lottie, Page } from '../../ui';
import styles from './BlockedScreen.module.css';

/** Everything a banned user sees: the whole app is replaced by this screen. */
export function BlockedScreen() {
  useEffect(() => haptic.notification('error'), []);
  return (
    <Page plain className={styles.blocked}>
      <Lottie name="blocked" size={160} loop={false} />
      <h1 className={styles.title}>Доступ обмежено</h1>
      <p className={styles.text} data-testid="blocked-text">
        {MSG.blocked}
      </p>
    </Page>
  );
}
