import { useState } from 'react';
import { haptic } from '../../telegram/sdk';
import { Chevron, Section, SkeletonRows } from '../../ui';
import { useFaq } from './api';
import styles from './support.module.css';

/** The FAQ as collapsible questions: one tap opens the answer, another closes it. Hidden when there are none. */
export function FaqList() {
  const faq = useFaq();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  if (faq.isPending) {
    return (
      <Section header="Часті питання">
        <SkeletonRows count={3} />
      </Section>
    );
  }
  if (!faq.data?.length) return null;

  const toggle = (id: string) => {
    haptic.selection();
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };

  return (
    <Section header="Часті питання">
      {faq.data.map((item) => {
        const expanded = open.has(item.id);
        return (
          <div className={styles.faqItem} key={item.id}>
            <button
              type="button"
              className={styles.faqQuestion}
              aria-expanded={expanded}
              aria-controls={`faq-${item.id}`}
              onClick={() => toggle(item.id)}
            >
              <span>{item.question}</span>
              <span className={expanded ? styles.faqChevronOpen : styles.faqChevron}>
                <Chevron />
              </span>
            </button>
            {expanded && (
              <p className={styles.faqAnswer} id={`faq-${item.id}`}>
                {item.answer}
              </p>
            )}
          </div>
        );
      })}
    </Section>
  );
}
