import type { ReactNode } from 'react';
import { Lottie, type LottieName } from './Lottie';
import { Page } from './Page';
import styles from './StatusScreen.module.css';

/** A whole-app state in place of every screen (blocked, maintenance): an animation, a title, why. */
export function StatusScreen({ lottie, loop, title, text, testId, children }: {
  lottie: LottieName;
  loop?: boolean;
  title: string;
  text: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Page plain className={styles.screen}>
      <Lottie name={lottie} size={160} loop={loop} />
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text} data-testid={testId}>
        {text}
      </p>
      {children}
    </Page>
  );
}
