import { Page, Section } from '../../ui';
import { PRIVACY, PRIVACY_UPDATED } from './privacy';
import styles from './SettingsScreen.module.css';

/** /settings/privacy: the privacy policy of the app (lazy chunk), linked from the settings menu. */
export default function PrivacyScreen() {
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
