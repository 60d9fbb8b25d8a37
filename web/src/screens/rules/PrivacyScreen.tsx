import { Page, Section } from '../../ui';
import { PRIVACY, PRIVACY_UPDATED } from './privacy';
import styles from './PrivacyScreen.module.css';

/**
 * /settings/privacy: the privacy policy of the app, linked from the settings menu. In the terms'
 * chunk (RulesScreen.tsx exports it): the two legal texts load together.
 */
export function PrivacyScreen() {
  return (
    <Page title="Політика конфіденційності" subtitle={`Редакція від ${PRIVACY_UPDATED}`}>
      {PRIVACY.map((s) => (
        <Section key={s.title} header={s.title}>
          <div className={styles.policy}>
            {s.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </Section>
      ))}
    </Page>
  );
}
