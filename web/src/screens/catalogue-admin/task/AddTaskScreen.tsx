import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../api/errors';
import { Cell, FixedBottomButton, Input, Page, Section, Switch, TextArea, showError } from '../../../ui';
import { uploadTemplate, useCreateTask } from '../common/api';
import { useGoBack } from '../../../lib/navigation';
import { haptic } from '../../../telegram/sdk';
import { TASK_TYPE_LABEL } from '../common/validation';
import styles from '../common/admin.module.css';
import { useAddTask } from './context';
import { createBody, createProblems } from './payload';
import { TemplateRow, templateFileError } from './TemplateFile';
import { paths } from '../../../lib/paths';

/**
 * /list-task/add-task/{subjectID}: a new task for the teacher chosen in the list's filter.
 * Arguments, developer and type are picked on their own screens; the values typed here wait
 * in the draft meanwhile. An auto-generated task's DOCX template is uploaded right after the
 * task is created, and the edit screen then shows what the server found in it.
 */
export default function AddTaskScreen() {
  const { draft, update, discard, template, setTemplate } = useAddTask();
  const { search } = useLocation();
  const navigate = useNavigate();
  const create = useCreateTask();
  const [uploading, setUploading] = useState(false);
  const goBack = useGoBack(paths.subject(draft.subjectId));
  const sub = (path: string) => navigate(`${path}${search}`);
  // After the first tap every wrong field is marked at once, and each mark goes as it is fixed.
  const [marked, setMarked] = useState(false);
  const problems = marked ? createProblems(draft) : {};

  const submit = () => {
    const checked = createBody(draft);
    if (!checked.ok) {
      setMarked(true);
      haptic.notification('error');
      return;
    }
    create.mutate(checked.body, {
      onSuccess: async (task) => {
        discard();
        if (!task.autoGenerate) {
          goBack();
          return;
        }
        let templateState: { templateError?: string } = {};
        if (template) {
          setUploading(true);
          try {
            await uploadTemplate(task.id, template);
          } catch (err) {
            templateState = { templateError: err instanceof ApiError ? err.message : String(err) };
          }
          setUploading(false);
        }
        // The new task's edit screen shows the template's tags (or why it was refused) and
        // lets the admin upload another; back from it goes to the task list.
        navigate(paths.taskForm.toEdit(draft.subjectId, task.id), { replace: true, state: { task, ...templateState } });
      },
    });
  };

  const argNames = draft.args.map((a) => a.name).join(', ');
  return (
    <Page title="Нове завдання" subtitle={draft.teacherName ? `Викладач: ${draft.teacherName}` : undefined}>
      <div className={styles.form}>
        <Input label="Назва" placeholder="Напр. Лабораторна робота №1" value={draft.title} error={problems.title} onChange={(e) => update({ title: e.target.value })} />
        <TextArea
          label="Інструкція від розробника"
          placeholder="Що студент має вказати, що він отримає і коли"
          value={draft.description}
          onChange={(e) => update({ description: e.target.value })}
        />
        <Input
          label="Ціна, грн"
          placeholder="Напр. 150"
          inputMode="numeric"
          value={draft.price}
          error={problems.price}
          onChange={(e) => update({ price: e.target.value.replace(/[^\d]/g, '') })}
        />
      </div>

      <Section>
        <Cell onClick={() => sub(paths.taskForm.step.chooseArgument)} chevron subtitle={argNames || undefined} after={draft.args.length || 'Не обрано'}>
          Аргументи
        </Cell>
        <Cell onClick={() => sub(paths.taskForm.step.chooseDeveloper)} chevron after={draft.developer ? `@${draft.developer.username || draft.developer.telegramId}` : <Unchosen marked={!!problems.developer} />}>
          Розробник
        </Cell>
        <Cell onClick={() => sub(paths.taskForm.step.chooseType)} chevron after={draft.type ? TASK_TYPE_LABEL[draft.type] : <Unchosen marked={!!problems.type} />}>
          Тип
        </Cell>
        {(problems.developer || problems.type) && (
          <div className={styles.pickerErrors}>
            {[problems.developer, problems.type].filter(Boolean).map((m) => (
              <p key={m} role="alert">
                {m}
              </p>
            ))}
          </div>
        )}
      </Section>

      <Section
        footer={
          draft.autoGenerate
            ? 'Студент отримає файл одразу після оплати: генератор заповнює шаблон його відповідями.'
            : 'Розробник отримає замовлення і надішле відповідь вручну.'
        }
      >
        <Switch label="Автогенерація" checked={draft.autoGenerate} onChange={(autoGenerate) => update({ autoGenerate })}>
          Автогенерація
        </Switch>
      </Section>

      {draft.autoGenerate && (
        <>
          <Input
            label="Ідентифікатор генератора"
            value={draft.identifier}
            error={problems.identifier}
            onChange={(e) => update({ identifier: e.target.value })}
            hint="docx-template — заповнення DOCX-шаблону"
          />
          <Section header="DOCX-шаблон" footer="Завантажиться одразу після створення завдання. Теги: {Назва аргументу} для кожного аргументу.">
            <TemplateRow
              title={template ? template.name : 'Шаблон не обрано'}
              subtitle={template ? `${Math.ceil(template.size / 1024)} КБ` : undefined}
              actionLabel={template ? 'Змінити' : 'Обрати'}
              onFile={(file) => {
                const invalid = templateFileError(file);
                if (invalid) showError(invalid);
                else setTemplate(file);
              }}
            />
          </Section>
        </>
      )}

      <FixedBottomButton onClick={submit} loading={create.isPending || uploading}>
        Додати завдання
      </FixedBottomButton>
    </Page>
  );
}

/** A picker row's empty value: red once the form is marked, so the row itself carries the mark its message below names. */
function Unchosen({ marked }: { marked: boolean }) {
  return <span className={marked ? styles.unchosen : undefined}>Не обрано</span>;
}
