import { useState } from 'react';
import { useParams } from 'react-router';
import type { User } from '@zalik/contract';
import { EmptyState, FixedBottomButton, Page } from '../../../ui';
import { useCreators } from '../../../api/catalogue';
import { readFilters, writeFilters } from '../lib/storage';
import { PickerOptions, pick, type PickerOption } from './PickerOptions';
import { useBackToList } from './useBackToList';

export function creatorLabel(username: string): string {
  return username ? `@${username}` : 'Unknown';
}

/** One option per username: the creator filter matches the developer's username. */
function creatorOptions(users: readonly User[]): PickerOption[] {
  const seen = new Map<string, PickerOption>();
  for (const u of users) {
    if (seen.has(u.username)) continue;
    const name = `${u.firstName} ${u.lastName}`.trim();
    seen.set(u.username, { id: u.username, label: creatorLabel(u.username), subtitle: name || undefined });
  }
  return [...seen.values()];
}

/** `/list-task/{subjectID}/choose-creator`: one task author or none. */
export default function ChooseCreatorScreen() {
  const { subjectID = '' } = useParams();
  const back = useBackToList(subjectID);
  const creators = useCreators(subjectID);
  const [draft, setDraft] = useState<string[]>(() => {
    const c = readFilters(subjectID).creator;
    return c !== null ? [c] : [];
  });

  const apply = () => {
    writeFilters(subjectID, { creator: draft[0] ?? null });
    back();
  };

  return (
    <Page title="Розробник">
      {creators.data?.length === 0 ? (
        <EmptyState text="У цього предмета ще немає авторів завдань" />
      ) : (
        <PickerOptions
          options={creators.data && creatorOptions(creators.data)}
          selected={draft}
          onToggle={(id) => setDraft(pick(id))}
          noneLabel="Усі розробники"
          footer="Оберіть одного розробника або «Усі розробники», щоб бачити завдання всіх."
        />
      )}
      <FixedBottomButton onClick={apply}>Застосувати</FixedBottomButton>
    </Page>
  );
}
