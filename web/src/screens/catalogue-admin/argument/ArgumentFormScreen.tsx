import { useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { MSG, NAME_MAX, type Argument } from '@zalik/contract';
import { haptic } from '../../../telegram/sdk';
import { FixedBottomButton, Input, Page, Section, SkeletonRows } from '../../../ui';
import { useArguments, useSaveArgument } from '../common/api';
import { stateField, useGoUp } from '../common/navigation';
import { nameError } from '../common/validation';
import { useAddTask } from '../task/context';
import styles from '../common/admin.module.css';

/** choose-argument/add-argument and /edit-argument: the label and placeholder of a buyer's input. */
export default function ArgumentFormScreen() {
  const { pathname, state } = useLocation();
  const [params] = useSearchParams();
  const editing = pathname.endsWith('/edit-argument');
  const passed = stateField<Argument>(state, 'argument');
  const list = useArguments();
  const argument = editing ? (passed ?? list.data?.find((a) => a.id === params.get('argumentId')) ?? null) : null;

  if (editing && !argument) {
    return (
      <Page title="Редагувати аргумент">
        <Section>{list.isPending ? <SkeletonRows count={2} /> : <p className={styles.row}>{MSG.argumentNotFound}</p>}</Section>
      </Page>
    );
  }
  return <ArgumentFields key={argument?.id ?? 'new'} argument={argument} />;
}

function ArgumentFields({ argument }: { argument: Argument | null }) {
  const { draft, update } = useAddTask();
  const [name, setName] = useState(argument?.name ?? '');
  const [description, setDescription] = useState(argument?.description ?? '');
  const [errors, setErrors] = useState<{ name?: string | null; description?: string | null }>({});
  const save = useSaveArgument(argument?.id ?? null);
  const goBack = useGoUp();

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const found = { name: nameError(name, MSG.nameLength), description: nameError(description, MSG.nameLength) };
    if (found.name || found.description) {
      haptic.notification('error');
      setErrors(found);
      return;
    }
    save.mutate(
      { name: name.trim(), description: description.trim() },
      {
        onSuccess: (saved) => {
          const ref = { id: saved.id, name: saved.name, description: saved.description };
          // A new argument is what the admin wants on this task; an edited one keeps its place.
          update({ args: argument ? draft.args.map((a) => (a.id === saved.id ? ref : a)) : [...draft.args, ref] });
          goBack();
        },
      },
    );
  };

  return (
    <Page title={argument ? 'Редагувати аргумент' : 'Новий аргумент'}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Input
          label="Назва (підпис поля)"
          placeholder="Напр. Варіант"
          value={name}
          maxLength={NAME_MAX + 10}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((x) => ({ ...x, name: null }));
          }}
          error={errors.name}
          hint={`${name.trim().length}/${NAME_MAX}`}
          autoFocus={!argument}
        />
        <Input
          label="Опис (підказка в полі)"
          placeholder="Напр. Номер варіанта з методички"
          value={description}
          maxLength={NAME_MAX + 10}
          onChange={(e) => {
            setDescription(e.target.value);
            setErrors((x) => ({ ...x, description: null }));
          }}
          error={errors.description}
          hint={`${description.trim().length}/${NAME_MAX}`}
        />
        <button type="submit" hidden />
      </form>
      <FixedBottomButton onClick={() => submit()} loading={save.isPending}>
        {argument ? 'Зберегти' : 'Додати аргумент'}
      </FixedBottomButton>
    </Page>
  );
}
