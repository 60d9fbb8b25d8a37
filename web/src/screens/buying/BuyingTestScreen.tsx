import { useId, useRef, useState, type FormEvent } from 'react';
import { MSG, TEST_MAX_QUESTIONS, testQuestionLabel, type Task } from '@zalik/contract';
import { draftKey, useDraft } from '../../lib/useDraft';
import { haptic } from '../../telegram/sdk';
import { Button, CloseIcon, MainAction, TextArea } from '../../ui';
import { BuyingFrame } from './BuyingFrame';
import { Payment, sendLabel } from './Payment';
import { usePayment } from './usePayment';
import { usePurchaseAttempt } from './usePurchaseAttempt';
import styles from './buying.module.css';

/** /list-task/{subjectID}/buying-test: one field per question, all named after the first argument. */
export default function BuyingTestScreen() {
  return <BuyingFrame>{(task, subjectId) => <TestForm key={task.id} task={task} subjectId={subjectId} />}</BuyingFrame>;
}

interface Question {
  /** Stable across removals, so a field keeps its focus and caret when one above it goes. */
  key: number;
  value: string;
}

function TestForm({ task, subjectId }: { task: Task; subjectId: string }) {
  const nextKey = useRef(1);
  const [questions, setQuestions] = useState<Question[]>([{ key: 0, value: '' }]);
  const baseId = useId();
  const fieldId = (key: number) => `${baseId}-q${key}`;
  const focus = (key: number) => document.getElementById(fieldId(key))?.focus();
  // The price is per order, not per question: the server charges the task's price once.
  const payment = usePayment(task);
  const { submit, sending } = usePurchaseAttempt(task, subjectId, 'buying-test');
  const [marked, setMarked] = useState(false);
  const first = task.arguments[0];
  const full = questions.length >= TEST_MAX_QUESTIONS;
  const draft = useDraft({
    key: draftKey('buy', task.id),
    value: JSON.stringify(questions.map((q) => q.value)),
    empty: questions.every((q) => !q.value.trim()),
    restore: (saved) => {
      const parsed: unknown = JSON.parse(saved);
      if (Array.isArray(parsed) && parsed.length > 0 && parsed.length <= TEST_MAX_QUESTIONS) {
        setQuestions(parsed.map((value) => ({ key: nextKey.current++, value: String(value) })));
      }
    },
  });

  const send = () => {
    if (payment.missing > 0) return;
    const empty = questions.find((q) => q.value.trim() === '');
    if (empty) {
      // Every empty question is marked at once, each with the spec's message under it.
      setMarked(true);
      haptic.notification('error');
      focus(empty.key);
      return;
    }
    void submit(questions.map((q) => q.value)).then((bought) => bought && draft.clear());
  };

  const add = () => {
    if (full) return;
    const key = nextKey.current++;
    setQuestions((qs) => [...qs, { key, value: '' }]);
    // Focus the new field once it is rendered.
    requestAnimationFrame(() => focus(key));
  };

  const remove = (key: number) => setQuestions((qs) => qs.filter((q) => q.key !== key));

  return (
    <form
      className={styles.form}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        send();
      }}
      noValidate
    >
      {draft.dialog}
      {questions.map((q, i) => {
        const label = testQuestionLabel(first?.name, i);
        const field = (
          <TextArea
            id={fieldId(q.key)}
            label={label}
            rows={1}
            autoGrow
            className={styles.questionField}
            placeholder={first?.description}
            value={q.value}
            disabled={sending}
            autoComplete="off"
            error={marked && q.value.trim() === '' ? MSG.argumentEmpty : undefined}
            onChange={(e) => {
              const value = e.target.value;
              setQuestions((qs) => qs.map((x) => (x.key === q.key ? { ...x, value } : x)));
            }}
          />
        );
        // The first question is the order itself; every added one can go again.
        if (i === 0) return <div key={q.key}>{field}</div>;
        return (
          <div key={q.key} className={styles.question}>
            {field}
            <button type="button" className={styles.remove} aria-label={`Прибрати: ${label}`} disabled={sending} onClick={() => remove(q.key)}>
              <CloseIcon size={18} />
            </button>
          </div>
        );
      })}
      <Button variant="secondary" stretched onClick={add} disabled={sending || full}>
        Додати одне запитання
      </Button>
      {full && <p className={styles.questionsNote}>Не більше {TEST_MAX_QUESTIONS} запитань в одному замовленні.</p>}
      <Payment payment={payment} />
      <MainAction submit text={sending ? 'Генерація' : sendLabel(payment)} loading={sending} disabled={payment.missing > 0} onAction={send} />
    </form>
  );
}
