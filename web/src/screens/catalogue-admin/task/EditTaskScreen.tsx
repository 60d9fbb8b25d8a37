import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TASK_TYPES } from '@zalik/contract';
import { ActionSheet, Cell, EyeIcon, EyeOffIcon, FixedBottomButton, Input, Page, Section, Switch, TextArea, showError } from '../../../ui';
import { usePatchTask, useTaskDiscounts } from '../common/api';
import { useGoBack } from '../../../lib/navigation';
import { TASK_TYPE_LABEL } from '../common/validation';
import styles from '../common/admin.module.css';
import { useEditTask } from './context';
import { patchBody } from './payload';
import { TemplateSection } from './TemplateSection';
import { paths } from '../../../lib/paths';

function discountSummary(list: { type: string; discountValue: number }[] | undefined): string {
  if (!list?.length) return 'Немає';
  const global = list.find((d) => d.type === 'GLOBAL');
  const locals = list.length - (global ? 1 : 0);
  return [global ? `${global.discountValue}% для всіх` : '', locals ? `персональних: ${locals}` : ''].filter(Boolean).join(', ');
}

/**
 * /list-task/edit-task/{subjectID}?taskId=: title, instruction, identifier, price, visibility,
 * developer, type, teacher and arguments. Only changed fields are sent (API-CONTRACT: `""`
 * keeps a field; the arguments go whole, and only when they changed).
 */
export default function EditTaskScreen() {
  const { draft, update, discard } = useEditTask();
  const { task } = draft;
  const { search, state } = useLocation();
  const navigate = useNavigate();
  const patch = usePatchTask(task.id);
  const discounts = useTaskDiscounts(task.id);
  const goBack = useGoBack(paths.subject(draft.subjectId));
  const query = search || `?taskId=${task.id}`;
  const templateError = (state as { templateError?: string } | null)?.templateError ?? null;
  const [choosingType, setChoosingType] = useState(false);

  const submit = () => {
    const checked = patchBody(draft);
    if (!checked.ok) {
      showError(checked.message);
      return;
    }
    patch.mutate(checked.body, {
      onSuccess: () => {
        discard();
        goBack();
      },
    });
  };

  return (
    <Page title="Редагувати завдання" subtitle={`${task.teacher.subject.name} · ${task.teacher.name}`}>
      <div className={styles.form}>
        <Input label="Назва" value={draft.title} onChange={(e) => update({ title: e.target.value })} />
        <TextArea label="Інструкція від розробника" value={draft.description} onChange={(e) => update({ description: e.target.value })} />
        <Input
          label="Ціна, грн"
          inputMode="numeric"
          value={draft.price}
          onChange={(e) => update({ price: e.target.value.replace(/[^\d]/g, '') })}
        />
        {task.autoGenerate && (
          <Input label="Ідентифікатор генератора" value={draft.identifier} onChange={(e) => update({ identifier: e.target.value })} />
        )}
      </div>

      <Section footer={draft.visible ? 'Студенти бачать завдання у списку.' : 'Завдання бачать лише адміністратори.'}>
        <Switch
          label="Видимість для студентів"
          checked={draft.visible}
          onChange={(visible) => update({ visible })}
          before={
            <span className={styles.eye} data-hidden={!draft.visible || undefined}>
              {draft.visible ? <EyeIcon size={22} /> : <EyeOffIcon size={22} />}
            </span>
          }
        >
          {draft.visible ? 'Видиме' : 'Приховане'}
        </Switch>
      </Section>

      <Section>
        <Cell onClick={() => navigate(`${paths.taskForm.step.chooseDeveloper}${query}`)} chevron after={`@${draft.developer.username || draft.developer.telegramId}`}>
          Розробник
        </Cell>
        <Cell onClick={() => navigate(`${paths.taskForm.step.giveDiscount}${query}`)} chevron after={discounts.isPending ? '…' : discountSummary(discounts.data)}>
          Знижка
        </Cell>
      </Section>

      <Section header="Будова завдання" footer="Куплені замовлення зберігають те, що бачив покупець.">
        <Cell onClick={() => setChoosingType(true)} chevron after={TASK_TYPE_LABEL[draft.type]}>
          Тип
        </Cell>
        <Cell onClick={() => navigate(`${paths.taskForm.step.chooseTeacher}${query}`)} chevron after={draft.teacherName}>
          Викладач
        </Cell>
        <Cell onClick={() => navigate(`${paths.taskForm.step.chooseArgument}${query}`)} chevron subtitle={draft.args.map((a) => a.name).join(', ') || 'Без аргументів'}>
          Аргументи
        </Cell>
        <Cell after={task.autoGenerate ? 'Так' : 'Ні'}>Автогенерація</Cell>
        {task.autoGenerate && (
          <Cell onClick={() => navigate(`${paths.taskForm.step.chooseTemplate}${query}`)} chevron subtitle={draft.templateName || 'Не обрано'}>
            Шаблон з бібліотеки
          </Cell>
        )}
      </Section>
      {choosingType && (
        <ActionSheet
          title="Тип завдання"
          actions={TASK_TYPES.map((t) => ({
            label: TASK_TYPE_LABEL[t],
            onSelect: () => update({ type: t }),
          }))}
          onClose={() => setChoosingType(false)}
        />
      )}

      {task.autoGenerate && <TemplateSection taskId={task.id} initialError={templateError} />}

      <FixedBottomButton onClick={submit} loading={patch.isPending}>
        Зберегти
      </FixedBottomButton>
    </Page>
  );
}
