import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FixedBottomButton, Page, Section } from '../../ui';
import { RULES } from './content';
import styles from './RulesScreen.module.css';

export { PrivacyScreen } from './PrivacyScreen';
import { paths } from '../../lib/paths';

interface RulesScreenProps {
  /** First open (course not chosen yet): a button leads back to the course choice. */
  firstOpen?: boolean;
}

/** The terms of use (/rules on first open, /settings/rules afterwards): eight collapsible sections. */
export function RulesScreen({ firstOpen = false }: RulesScreenProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set([RULES[0]!.id]));
  const navigate = useNavigate();
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Page title="Умови користування">
      <p className={styles.intro}>Торкніться розділу, щоб розгорнути або згорнути його.</p>
      <Section>
        {RULES.map((s) => {
          const expanded = open.has(s.id);
          return (
            <div className={styles.item} key={s.id}>
              <button type="button" className={styles.toggle} aria-expanded={expanded} aria-controls={`rules-${s.id}`} onClick={() => toggle(s.id)}>
                <span className={styles.toggleTitle}>{s.title}</span>
                <svg className={styles.caret} width="14" height="8" viewBox="0 0 14 8" aria-hidden="true">
                  <path d="M1 1l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
              {expanded && (
                <div className={styles.body} id={`rules-${s.id}`}>
                  {s.paragraphs.map((p) => (
                    <p key={p}>{p}</p>
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </Section>
      {firstOpen && (
        <FixedBottomButton variant="primary" onClick={() => {
            // Back to the course choice, keeping the history tidy when it was opened from there.
            const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
            if (idx > 0) navigate(-1);
            else navigate(paths.home, { replace: true });
          }}>
          Зрозуміло
        </FixedBottomButton>
      )}
    </Page>
  );
}
