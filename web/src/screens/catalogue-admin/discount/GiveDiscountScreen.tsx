import { useNavigate, useSearchParams } from 'react-router';
import { DISCOUNT_MAX, DISCOUNT_MIN, discountedPrice, formatUah, type DiscountType, type TaskDiscount } from '@zalik/contract';
import { Button, Cell, DateTimeRange, FixedBottomButton, Input, Page, Section, Segmented, showError, SkeletonRows, Slider } from '../../../ui';
import { windowState, windowText } from '../../../lib/discountWindow';
import { useSaveDiscount, useTaskDiscounts, useUser } from '../common/api';
import { useGoBack, useParentPath } from '../../../lib/navigation';
import { useEditTask } from '../task/context';
import type { DiscountDraft } from '../task/draft';
import styles from '../common/admin.module.css';
import { discountBody, removalBody } from './payload';
import { paths } from '../../../lib/paths';

const TYPES: { value: DiscountType; label: string }[] = [
  { value: 'GLOBAL', label: 'Для всіх' },
  { value: 'LOCAL', label: 'Персональна' },
];

function who(d: TaskDiscount): string {
  if (d.type === 'GLOBAL') return 'Для всіх';
  return d.username ? `@${d.username}` : `ID ${d.telegramId}`;
}

function uses(d: TaskDiscount): string {
  return d.availableValue === null ? 'без обмежень' : `залишилось активацій: ${d.availableValue}`;
}

/** The percent and uses, then when it applies (the window and whether it is open now). */
function details(d: TaskDiscount) {
  const window = windowText(d);
  return (
    <>
      {`${d.discountValue}% · ${uses(d)}`}
      {window && <span className={styles.rowHint}>{window}</span>}
      <span className={styles.rowHint}>{windowState(d).label}</span>
    </>
  );
}

/**
 * edit-task/give-discount: a GLOBAL discount for every buyer or a LOCAL one for one user
 * (`?telegramId=` from choose-user), 1-100 %, with an activation count (a GLOBAL one may be
 * unlimited) and an optional validity window. The task's discounts are listed with their
 * window and 'Прибрати знижку' (value 0).
 */
export default function GiveDiscountScreen() {
  const { draft, update } = useEditTask();
  const { task } = draft;
  const form = draft.discount;
  const [params] = useSearchParams();
  const telegramId = params.get('telegramId');
  const navigate = useNavigate();
  const editPath = useParentPath();
  const goBack = useGoBack(editPath);
  const active = useTaskDiscounts(task.id);
  const chosen = useUser(telegramId).data;
  const save = useSaveDiscount();
  const set = (change: Partial<DiscountDraft>) => update({ discount: { ...form, ...change } });

  const submit = () => {
    const checked = discountBody({ ...form, telegramId }, task.id);
    if (!checked.ok) {
      showError(checked.message);
      return;
    }
    save.mutate(checked.body, { onSuccess: goBack });
  };

  const chooseUser = () => navigate(`${paths.taskForm.step.chooseUser}?${params.toString()}`, { replace: true });

  return (
    <Page title="Знижка" subtitle={task.title}>
      {active.isPending ? (
        <Section header="Діючі знижки">
          <SkeletonRows count={1} subtitle />
        </Section>
      ) : (
        active.data &&
        active.data.length > 0 && (
          <Section header="Діючі знижки">
            {active.data.map((d) => (
              <Cell
                key={d.id}
                subtitle={details(d)}
                after={
                  <Button
                    variant="destructive"
                    size="small"
                    aria-label={`Прибрати знижку: ${who(d)}`}
                    disabled={save.isPending}
                    onClick={() => save.mutate(removalBody(d.type, d.telegramId, task.id))}
                  >
                    Прибрати знижку
                  </Button>
                }
              >
                {who(d)}
              </Cell>
            ))}
          </Section>
        )
      )}

      <div className={styles.field}>
        <span className={styles.fieldLabel}>Кому</span>
        <Segmented label="Кому" options={TYPES} value={form.type} onChange={(type) => set({ type })} />
      </div>

      {form.type === 'LOCAL' && (
        <Section>
          <Cell onClick={chooseUser} chevron after={telegramId ? (chosen?.username ? `@${chosen.username}` : `ID ${telegramId}`) : 'Не обрано'}>
            Користувач
          </Cell>
        </Section>
      )}

      <Section>
        <div className={styles.sliderBox}>
          <Slider
            label="Розмір знижки"
            min={DISCOUNT_MIN}
            max={DISCOUNT_MAX}
            value={form.percent}
            onChange={(percent) => set({ percent })}
            format={(v) => `${v}%`}
          />
        </div>
        <div className={styles.row}>
          <span className={styles.rowLabel}>Ціна зі знижкою</span>
          <span className={styles.priceLine}>
            <span className={styles.oldPrice}>{formatUah(task.price)}</span>
            <strong>{formatUah(discountedPrice(task.price, form.percent))}</strong>
          </span>
        </div>
      </Section>

      <Input
        label="Кількість активацій"
        inputMode="numeric"
        placeholder={form.type === 'GLOBAL' ? 'Без обмежень' : 'Напр. 1'}
        value={form.count}
        onChange={(e) => set({ count: e.target.value.replace(/[^\d-]/g, '') })}
        hint={form.type === 'GLOBAL' ? 'Скільки покупок отримають знижку. Порожньо — без обмежень.' : 'Скільки покупок цей користувач отримає зі знижкою.'}
      />

      <DateTimeRange
        header="Час дії"
        fromLabel="Діє з"
        toLabel="Діє до"
        from={form.validFrom}
        to={form.validTo}
        onFrom={(validFrom) => set({ validFrom })}
        onTo={(validTo) => set({ validTo })}
        hint="Порожньо — без обмеження з цього боку. Час київський."
      />

      <FixedBottomButton onClick={submit} loading={save.isPending}>
        Застосувати знижку
      </FixedBottomButton>
    </Page>
  );
}
