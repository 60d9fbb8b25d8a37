import { useId, useState, type FormEvent } from 'react';
import { MSG, type Task } from '@zalik/contract';
import { Button, FixedBottomButton, Input, showError } from '../../ui';
import { BuyingFrame } from './BuyingFrame';
import { usePurchaseAttempt } from './usePurchaseAttempt';
import styles from './buying.module.css';

/** /list-task/{subjectID}/buying-test: one field per question, all named after the first argument. */
export default function BuyingTestScreen() {
  return <BuyingFrame>{(task, subjectId) => <TestForm key={task.id} task={task} subjectId={subjectId} />}</BuyingFrame>;
}

function TestForm({ task, subjectId }: { task: Task; subjectId: string }) {
  const [values, setValues] = useState<string[]>(['']);
  const baseId = useId();
  const fieldId = (i: number) => `${baseId}-q${i}`;
  const focus = (i: number) => document.getElementById(fieldId(i))?.focus();
  const { submit, sending } = usePurchaseAttempt(task, subjectId, 'buying-test');
  const first = task.arguments[0];
  const name = first?.name ?? 'Питання';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const empty = values.findIndex((v) => v.trim() === '');
    if (empty !== -1) {
      showError(MSG.argumentEmpty);
      focus(empty);
      return;
    }
    void submit(values);
  };

  const add = () => {
    setValues((v) => [...v, '']);
    // Focus the new field once it is rendered.
    const next = values.length;
    requestAnimationFrame(() => focus(next));
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {values.map((value, i) => (
        <Input
          key={i}
          id={fieldId(i)}
          label={`${name} №${i + 1}`}
          placeholder={first?.description}
          value={value}
          disabled={sending}
          autoComplete="off"
          onChange={(e) => {
            const next = [...values];
            next[i] = e.target.value;
            setValues(next);
          }}
        />
      ))}
      <Button variant="secondary" stretched onClick={add} disabled={sending}>
        Добавити одне запитання
      </Button>
      <FixedBottomButton type="submit" loading={sending}>
        {sending ? 'Генерація' : 'Відправити'}
      </FixedBottomButton>
    </form>
  );
}
