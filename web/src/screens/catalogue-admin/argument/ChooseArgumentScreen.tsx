import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Argument } from '@zalik/contract';
import { Button, ConfirmDialog, ContextMenu, EmptyState, FixedBottomButton, Page, Section, SelectItem, SelectRow, SkeletonRows } from '../../../ui';
import { useArguments, useDeleteArgument } from '../common/api';
import { useGoUp } from '../../../lib/navigation';
import { useArgsSlot } from '../task/context';
import { paths } from '../../../lib/paths';

/**
 * add-task/choose-argument and edit-task/choose-argument: the task's arguments, in the order
 * tapped (the buyer's form asks for them in that order). Long press or right click edits or
 * deletes an argument.
 */
export default function ChooseArgumentScreen() {
  const { args, setArgs } = useArgsSlot();
  const list = useArguments();
  const remove = useDeleteArgument();
  const navigate = useNavigate();
  const goBack = useGoUp();
  const [deleting, setDeleting] = useState<Argument | null>(null);
  const cancel = useCallback(() => setDeleting(null), []);
  const chosen = args.map((a) => a.id);

  const toggle = (a: Argument) =>
    setArgs(chosen.includes(a.id) ? args.filter((x) => x.id !== a.id) : [...args, { id: a.id, name: a.name, description: a.description }]);

  const confirmDelete = () => {
    const victim = deleting;
    setDeleting(null);
    if (!victim) return;
    remove.mutate(victim.id, { onSuccess: () => setArgs(args.filter((x) => x.id !== victim.id)) });
  };

  return (
    <Page title="Аргументи" subtitle="Поля, які студент заповнює під час покупки. Порядок — як ви їх обираєте.">
      <Button variant="secondary" stretched onClick={() => navigate(paths.taskForm.step.addArgument)}>
        + Новий аргумент
      </Button>
      {list.isPending ? (
        <Section>
          <SkeletonRows count={4} kind="picker" subtitle />
        </Section>
      ) : list.data?.length ? (
        <Section footer="Утримуйте аргумент (або клацніть правою кнопкою), щоб змінити чи видалити його.">
          {list.data.map((a) => {
            const order = chosen.indexOf(a.id) + 1;
            return (
              <SelectItem key={a.id}>
                <ContextMenu
                  items={[
                    { label: 'Редагувати', onSelect: () => navigate(`${paths.taskForm.step.editArgument}?argumentId=${encodeURIComponent(a.id)}`, { state: { argument: a } }) },
                    { label: 'Видалити', onSelect: () => setDeleting(a), destructive: true },
                  ]}
                >
                  <SelectRow selected={order > 0} order={order || undefined} onToggle={() => toggle(a)} subtitle={a.description}>
                    {a.name}
                  </SelectRow>
                </ContextMenu>
              </SelectItem>
            );
          })}
        </Section>
      ) : (
        <EmptyState text="Аргументів ще немає. Додайте перший." />
      )}
      <ConfirmDialog
        open={deleting !== null}
        question={deleting ? `Видалити аргумент «${deleting.name}»?` : undefined}
        onCancel={cancel}
        onConfirm={confirmDelete}
      />
      <FixedBottomButton onClick={goBack}>{chosen.length ? `Готово (${chosen.length})` : 'Готово'}</FixedBottomButton>
    </Page>
  );
}
