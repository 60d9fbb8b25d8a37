import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DISCOUNT_BULK_MAX_TASKS, DISCOUNT_BULK_MAX_USERS, DISCOUNT_MAX, DISCOUNT_MIN, MSG, type DiscountType } from '@zalik/contract';
import { DateTimeRange, Input, MainAction, Page, Section, Segmented, Slider, useErrorBanner } from '../../ui';
import { RequireRole } from '../../lib/RequireRole';
import { paths } from '../../lib/paths';
import { useBulkDiscounts, useTaskPicks, useUserPicks } from './api';
import { bulkBodyOf } from './form';
import { Picker, type Pick } from './Picker';
import styles from './admin-discounts.module.css';

const TYPES: { value: DiscountType; label: string }[] = [
  { value: 'GLOBAL', label: 'Для всіх' },
  { value: 'LOCAL', label: 'Персональна' },
];

function useTaskResults(text: string) {
  const q = useTaskPicks(text);
  return {
    isPending: q.isPending,
    data: q.data?.map((t) => ({ id: t.id, label: t.title, subtitle: `${t.subjectName} · ${t.teacherName} · ${t.price} грн${t.visible ? '' : ' · приховане'}` })),
  };
}

function useUserResults(text: string) {
  const q = useUserPicks(text);
  return {
    isPending: q.isPending,
    data: q.data?.map((u) => ({ id: u.telegramId, label: u.username ? `@${u.username}` : `ID ${u.telegramId}`, subtitle: `ID ${u.telegramId}` })),
  };
}

/** /settings/admin-panel/discounts/new: one discount on several tasks, for everyone or for several users, with a window (lazy chunk). */
export default function DiscountCreateScreen() {
  return (
    <RequireRole role="admin">
      <CreateForm />
    </RequireRole>
  );
}

function CreateForm() {
  const navigate = useNavigate();
  const banner = useErrorBanner();
  const [type, setType] = useState<DiscountType>('GLOBAL');
  const [tasks, setTasks] = useState<Pick[]>([]);
  const [users, setUsers] = useState<Pick[]>([]);
  const [percent, setPercent] = useState(10);
  const [count, setCount] = useState('');
  const [validFrom, setValidFrom] = useState<string | null>(null);
  const [validTo, setValidTo] = useState<string | null>(null);
  const create = useBulkDiscounts();
  const total = tasks.length * (type === 'LOCAL' ? users.length : 1);

  const submit = () => {
    const checked = bulkBodyOf({
      type, percent, count, validFrom, validTo, taskIds: tasks.map((t) => t.id), telegramIds: users.map((u) => u.id),
    });
    if (!checked.ok) return banner.show(checked.message);
    create.mutate(checked.body, { onSuccess: () => navigate(paths.admin.discounts) });
  };

  return (
    <Page title="Нова знижка">
      <Segmented label="Кому" options={TYPES} value={type} onChange={setType} />

      <Picker
        header="Завдання"
        searchLabel="Пошук завдання"
        placeholder="Назва завдання"
        chosen={tasks}
        onChange={setTasks}
        useResults={useTaskResults}
        max={DISCOUNT_BULK_MAX_TASKS}
        onTooMany={() => banner.show(MSG.discountTooManyTasks(DISCOUNT_BULK_MAX_TASKS))}
        footer={`До ${DISCOUNT_BULK_MAX_TASKS} завдань. Наявна знижка завдання буде замінена.`}
      />

      {type === 'LOCAL' && (
        <Picker
          header="Користувачі"
          searchLabel="Пошук користувача"
          placeholder="Початок Telegram ID або @нікнейм"
          chosen={users}
          onChange={setUsers}
          useResults={useUserResults}
          max={DISCOUNT_BULK_MAX_USERS}
          onTooMany={() => banner.show(MSG.discountTooManyUsers(DISCOUNT_BULK_MAX_USERS))}
          footer={`До ${DISCOUNT_BULK_MAX_USERS} користувачів: кожен отримає знижку на кожне обране завдання.`}
        />
      )}

      <Section>
        <div className={styles.sliderBox}>
          <Slider label="Розмір знижки" min={DISCOUNT_MIN} max={DISCOUNT_MAX} value={percent} onChange={setPercent} format={(v) => `${v}%`} />
        </div>
      </Section>

      <Input
        label="Кількість активацій"
        inputMode="numeric"
        placeholder={type === 'GLOBAL' ? 'Без обмежень' : 'Напр. 1'}
        value={count}
        onChange={(e) => setCount(e.target.value.replace(/[^\d-]/g, ''))}
        hint={type === 'GLOBAL' ? 'Скільки покупок кожного завдання отримають знижку. Порожньо — без обмежень.' : 'Скільки покупок кожного завдання кожен користувач отримає зі знижкою.'}
      />

      <DateTimeRange
        header="Час дії"
        fromLabel="Діє з"
        toLabel="Діє до"
        from={validFrom}
        to={validTo}
        onFrom={setValidFrom}
        onTo={setValidTo}
        hint="Порожньо — без обмеження з цього боку. Час київський."
      />

      <MainAction text={total > 1 ? `Створити знижки (${total})` : 'Створити знижку'} onAction={submit} loading={create.isPending} />
    </Page>
  );
}
