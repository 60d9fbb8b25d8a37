import { useState } from 'react';
import { MSG, TASK_TYPES, type TaskType } from '@zalik/contract';
import { FixedBottomButton, Page, Section, SelectRow, showError } from '../../../ui';
import { useGoUp } from '../../../lib/navigation';
import { TASK_TYPE_LABEL, exactlyOne } from '../common/validation';
import { useAddTask } from './context';

const HINT: Record<TaskType, string> = {
  REGULAR: 'Студент заповнює поле для кожного аргументу',
  TEST: 'Студент додає стільки запитань, скільки потрібно',
};

/** add-task/choose-type: REGULAR or TEST, exactly one. */
export default function ChooseTypeScreen() {
  const { draft, update } = useAddTask();
  const [selected, setSelected] = useState<TaskType[]>(draft.type ? [draft.type] : []);
  const goBack = useGoUp();

  const done = () => {
    const one = exactlyOne(selected, MSG.taskTypeInvalid);
    if (!one.ok) {
      showError(one.message);
      return;
    }
    update({ type: one.value });
    goBack();
  };

  return (
    <Page title="Тип завдання">
      <Section>
        {TASK_TYPES.map((t) => (
          <SelectRow
            key={t}
            selected={selected.includes(t)}
            subtitle={HINT[t]}
            onToggle={() => setSelected((s) => (s.includes(t) ? s.filter((x) => x !== t) : [...s, t]))}
          >
            {TASK_TYPE_LABEL[t]}
          </SelectRow>
        ))}
      </Section>
      <FixedBottomButton onClick={done}>Готово</FixedBottomButton>
    </Page>
  );
}
