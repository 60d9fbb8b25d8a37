import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { MSG, type Argument } from '@zalik/contract';
import { haptic } from '../../../telegram/sdk';
import { useArguments, useSaveArgument } from '../common/api';
import { stateField, useGoUp } from '../../../lib/navigation';
import { nameError } from '../common/validation';
import { useAddTask } from '../task/context';
import { FormScreen, MissingItem, NameInput } from '../common/FormScreen';
import { paths } from '../../../lib/paths';

/** choose-argument/add-argument and /edit-argument: the label and placeholder of a buyer's input. */
export default function ArgumentFormScreen() {
  const { pathname, state } = useLocation();
  const [params] = useSearchParams();
  const editing = pathname.endsWith(`/${paths.taskForm.step.editArgument}`);
  const passed = stateField<Argument>(state, 'argument');
  const list = useArguments();
  const argument = editing ? (passed ?? list.data?.find((a) => a.id === params.get('argumentId')) ?? null) : null;

  if (editing && !argument) {
    return <MissingItem title="Редагувати аргумент" pending={list.isPending} message={MSG.argumentNotFound} />;
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

  const submit = () => {
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
    <FormScreen
      title={argument ? 'Редагувати аргумент' : 'Новий аргумент'}
      submitLabel={argument ? 'Зберегти' : 'Додати аргумент'}
      onSubmit={submit}
      saving={save.isPending}
    >
      <NameInput
        label="Назва (підпис поля)"
        placeholder="Напр. Варіант"
        value={name}
        onChange={(v) => {
          setName(v);
          setErrors((x) => ({ ...x, name: null }));
        }}
        error={errors.name}
        autoFocus={!argument}
      />
      <NameInput
        label="Опис (підказка в полі)"
        placeholder="Напр. Номер варіанта з методички"
        value={description}
        onChange={(v) => {
          setDescription(v);
          setErrors((x) => ({ ...x, description: null }));
        }}
        error={errors.description}
      />
    </FormScreen>
  );
}
