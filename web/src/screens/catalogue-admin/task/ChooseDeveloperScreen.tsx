import { useState } from 'react';
import { MSG } from '@zalik/contract';
import { EmptyState, FixedBottomButton, Page, Section, SelectRow, SkeletonRows, showError } from '../../../ui';
import { useDevelopers } from '../common/api';
import { useGoUp } from '../../../lib/navigation';
import { exactlyOne } from '../common/validation';
import { useDeveloperSlot } from './context';

/** choose-developer (add and edit task): the task's author among ROLE_DEVELOPER users, exactly one. */
export default function ChooseDeveloperScreen() {
  const { developer, setDeveloper } = useDeveloperSlot();
  const developers = useDevelopers();
  const [selected, setSelected] = useState<string[]>(developer ? [developer.telegramId] : []);
  const goBack = useGoUp();

  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const done = () => {
    const one = exactlyOne(selected, MSG.developerOne);
    if (!one.ok) {
      showError(one.message);
      return;
    }
    const user = developers.data?.find((u) => u.telegramId === one.value);
    setDeveloper({ telegramId: one.value, username: user?.username ?? developer?.username ?? '' });
    goBack();
  };

  return (
    <Page title="Розробник" subtitle="Хто виконуватиме замовлення цього завдання">
      {developers.isPending ? (
        <Section>
          <SkeletonRows count={3} kind="picker" subtitle />
        </Section>
      ) : developers.data?.length ? (
        <Section>
          {developers.data.map((u) => (
            <SelectRow key={u.telegramId} selected={selected.includes(u.telegramId)} onToggle={() => toggle(u.telegramId)} subtitle={`ID ${u.telegramId}`}>
              {u.username ? `@${u.username}` : 'Unknown'}
            </SelectRow>
          ))}
        </Section>
      ) : (
        <EmptyState text="Розробників ще немає. Видайте роль розробника в адмін-панелі." />
      )}
      <FixedBottomButton onClick={done}>Готово</FixedBottomButton>
    </Page>
  );
}
