import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { COURSES } from '@zalik/contract';
import { useSetCourse } from './api';
import { haptic } from '../../telegram/sdk';
import { Checkbox, FixedBottomButton, Link, Lottie, Page, Section } from '../../ui';
import { clearDraft, loadDraft, saveDraft, validateCourseChoice } from './choice';
import styles from './ChooseCourseScreen.module.css';
import { paths } from '../../lib/paths';

/**
 * First open: pick one of the four courses (a radio group: a tap on another course moves the
 * choice) and accept the terms; Done appears once they are accepted, and works once a course is
 * picked. The spec's 'one course' message stays the server's (other clients can send two).
 */
export function ChooseCourseScreen() {
  const [draft, setDraft] = useState(loadDraft);
  const navigate = useNavigate();
  const setCourse = useSetCourse();

  useEffect(() => saveDraft(draft), [draft]);

  const choose = (course: number) => {
    haptic.selection();
    setDraft((d) => ({ ...d, selected: [course] }));
  };

  const choice = validateCourseChoice(draft.selected);
  const done = () => {
    if (!choice.ok) return;
    setCourse.mutate(choice.course, {
      onSuccess: () => {
        haptic.notification('success');
        clearDraft();
        navigate(paths.home, { replace: true });
      },
    });
  };

  return (
    <Page>
      <div className={styles.hero}>
        <Lottie name="news-books" size={120} />
        <h1 className={styles.title}>Оберіть свій курс</h1>
        <p className={styles.lead}>Ми покажемо предмети і завдання саме для вашого курсу.</p>
      </div>

      <div className={styles.grid} role="radiogroup" aria-label="Курс">
        {COURSES.map((c) => {
          const on = choice.ok && choice.course === c;
          return (
            <button key={c} type="button" role="radio" className={styles.course} aria-checked={on} onClick={() => choose(c)}>
              <span className={styles.mark} aria-hidden="true">
                {on && (
                  <svg width="12" height="12" viewBox="0 0 14 14">
                    <path d="M2.5 7.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                )}
              </span>
              <span className={styles.number}>{c}</span>
              <span className={styles.caption}>курс</span>
            </button>
          );
        })}
      </div>

      <Section footer={!draft.agreed ? 'Без згоди з умовами користування продовжити не вийде.' : choice.ok ? undefined : 'Оберіть курс, щоб продовжити.'}>
        <div className={styles.terms}>
          <Checkbox checked={draft.agreed} onChange={(agreed) => setDraft((d) => ({ ...d, agreed }))} name="terms">
            Я погоджуюся з <Link to={paths.rules}>умовами користування</Link>
          </Checkbox>
        </div>
      </Section>

      {draft.agreed && (
        <FixedBottomButton onClick={done} disabled={!choice.ok} loading={setCourse.isPending}>
          Готово
        </FixedBottomButton>
      )}
    </Page>
  );
}
