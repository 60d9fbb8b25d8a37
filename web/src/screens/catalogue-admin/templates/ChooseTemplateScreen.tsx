import { EmptyState, LoadMore, Page, Section, SelectRow, SkeletonRows } from '../../../ui';
import { useGoUp } from '../../../lib/navigation';
import { useEditTask } from '../task/context';
import { useTemplateLibrary } from './api';

/**
 * edit-task/choose-template: the library template an auto-generated task generates with (one
 * tap picks it and goes back; the server checks it fits the task's arguments on save).
 */
export default function ChooseTemplateScreen() {
  const { draft, update } = useEditTask();
  const list = useTemplateLibrary();
  const goBack = useGoUp();
  const entries = list.data?.pages.flatMap((p) => p.content) ?? [];

  return (
    <Page title="Шаблон" subtitle={draft.task.title}>
      {list.isPending ? (
        <Section>
          <SkeletonRows count={3} kind="picker" subtitle />
        </Section>
      ) : entries.length ? (
        <Section footer="Теги шаблону мають збігатися з аргументами завдання: інакше збереження відмовить і скаже, що змінити.">
          {entries.map((t) => (
            <SelectRow
              key={t.id}
              selected={t.id === draft.templateId}
              subtitle={t.type === 'DOCX' ? `${t.fileName} · ${t.tags.join(', ') || 'без тегів'}` : 'Вбудований генератор'}
              onToggle={() => {
                update({ templateId: t.id, templateName: t.name });
                goBack();
              }}
            >
              {t.name}
            </SelectRow>
          ))}
          <LoadMore pages={list} skeleton={<SkeletonRows count={2} kind="picker" subtitle />} />
        </Section>
      ) : (
        <EmptyState text="Бібліотека шаблонів порожня. Додайте шаблон в адмін-панелі." />
      )}
    </Page>
  );
}
