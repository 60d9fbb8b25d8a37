import { useState, type FormEvent } from 'react';
import type { Task } from '@zalik/contract';
import { Input, MainAction } from '../../ui';
import { draftKey, useDraft } from '../../lib/useDraft';
import { BuyingFrame } from './BuyingFrame';
import { Payment, sendLabel } from './Payment';
import { usePayment } from './usePayment';
import { usePurchaseAttempt } from './usePurchaseAttempt';
import styles from './buying.module.css';

/** /list-task/{subjectID}/buying-task: one labelled input per argument; the server checks the values. */
export default function BuyingTaskScreen() {
  return <BuyingFrame>{(task, subjectId) => <RegularForm key={task.id} task={task} subjectId={subjectId} />}</BuyingFrame>;
}

function RegularForm({ task, subjectId }: { task: Task; subjectId: string }) {
  const [values, setValues] = useState<string[]>(() => task.arguments.map(() => ''));
  const payment = usePayment(task);
  const { submit, sending } = usePurchaseAttempt(task, subjectId, 'buying-task');
  const draft = useDraft({
    key: draftKey('buy', task.id),
    value: JSON.stringify(values),
    empty: values.every((v) => !v.trim()),
    restore: (saved) => {
      const parsed: unknown = JSON.parse(saved);
      // A draft of the task before its arguments changed does not fit the form: left out.
      if (Array.isArray(parsed) && parsed.length === task.arguments.length) setValues(parsed.map(String));
    },
  });
  const send = () => {
    if (payment.missing > 0) return;
    void submit(values).then((bought) => bought && draft.clear());
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {draft.dialog}
      {task.arguments.map((arg, i) => (
        <Input
          key={arg.id}
          label={arg.name}
          placeholder={arg.description}
          value={values[i] ?? ''}
          disabled={sending}
          autoComplete="off"
          enterKeyHint={i === task.arguments.length - 1 ? 'send' : 'next'}
          onChange={(e) => {
            const next = [...values];
            next[i] = e.target.value;
            setValues(next);
          }}
        />
      ))}
      <Payment payment={payment} />
      <MainAction submit text={sending ? 'Генерація' : sendLabel(payment)} loading={sending} disabled={payment.missing > 0} onAction={send} />
    </form>
  );
}
