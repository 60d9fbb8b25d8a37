import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DISCOUNT_MAX, DISCOUNT_MIN, MSG, discountedPrice, formatUah, type DiscountListItem } from '@zalik/contract';
import { Button, ConfirmDialog, DateTimeRange, EmptyState, Input, MainAction, Page, PropertyList, Section, SkeletonRows, Slider, useErrorBanner } from '../../ui';
import { RequireRole } from '../../lib/RequireRole';
import { windowState } from '../../lib/discountWindow';
import { paths } from '../../lib/paths';
import { useDeleteDiscount, useDiscount, useUpdateDiscount, type DiscountChange } from './api';
import { changeOf } from './form';
import { describe, usesText, who } from './labels';
import styles from './admin-discounts.module.css';

/** /settings/admin-panel/discounts/edit?id=: one discount's percent, uses and window, and its deletion (lazy chunk). */
export default function DiscountEditScreen() {
  return (
    <RequireRole role="admin">
      <DiscountLoader />
    </RequireRole>
  );
}

function DiscountLoader() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const discount = useDiscount(id);
  if (discount.isPending && id) {
    return (
      <Page title="Знижка">
        <Section>
          <SkeletonRows count={3} subtitle />
        </Section>
      </Page>
    );
  }
  if (!discount.data) {
    return (
      <Page title="Знижка">
        <EmptyState text={discount.error?.message ?? MSG.discountNotFound} />
      </Page>
    );
  }
  return <DiscountForm key={discount.data.id} discount={discount.data} />;
}

function DiscountForm({ discount: d }: { discount: DiscountListItem }) {
  const navigate = useNavigate();
  const banner = useErrorBanner();
  const [percent, setPercent] = useState(d.discountValue);
  const [count, setCount] = useState(d.availableValue === null ? '' : String(d.availableValue));
  const [validFrom, setValidFrom] = useState(d.validFrom);
  const [validTo, setValidTo] = useState(d.validTo);
  const [asking, setAsking] = useState(false);
  const update = useUpdateDiscount(d.id);
  const remove = useDeleteDiscount();
  const back = () => navigate(paths.admin.discounts);

  const save = () => {
    const checked = changeOf(d, { percent, count, validFrom, validTo });
    if (!checked.ok) return banner.show(checked.message);
    if (Object.keys(checked.change).length === 0) return back();
    update.mutate(checked.change as DiscountChange, { onSuccess: back });
  };

  const state = windowState(d);
  return (
    <Page title="Знижка" subtitle={d.taskTitle}>
      <Section>
        <PropertyList
          items={[
            { label: 'Предмет', value: `${d.subjectName}, ${d.courseNumber} курс` },
            { label: 'Викладач', value: d.teacherName },
            { label: 'Кому', value: who(d) },
            { label: 'Зараз', value: `${state.label} · ${usesText(d)}` },
          ]}
        />
      </Section>

      <Section>
        <div className={styles.sliderBox}>
          <Slider label="Розмір знижки" min={DISCOUNT_MIN} max={DISCOUNT_MAX} value={percent} onChange={setPercent} format={(v) => `${v}%`} />
        </div>
        <div className={styles.priceRow}>
          <span>Ціна зі знижкою</span>
          <span>
            <span className={styles.oldPrice}>{formatUah(d.taskPrice)}</span>
            <strong>{formatUah(discountedPrice(d.taskPrice, percent))}</strong>
          </span>
        </div>
      </Section>

      <Input
        label="Залишилось активацій"
        inputMode="numeric"
        placeholder={d.type === 'GLOBAL' ? 'Без обмежень' : 'Напр. 1'}
        value={count}
        onChange={(e) => setCount(e.target.value.replace(/[^\d-]/g, ''))}
        hint={d.type === 'GLOBAL' ? 'Порожньо — без обмежень.' : 'Скільки ще покупок цей користувач отримає зі знижкою.'}
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

      <Button variant="destructive" stretched disabled={remove.isPending} onClick={() => setAsking(true)}>
        Видалити знижку
      </Button>

      <MainAction text="Зберегти" onAction={save} loading={update.isPending} />

      <ConfirmDialog
        open={asking}
        question={`Видалити ${describe(d)}?`}
        text="Знижка перестане діяти одразу. Замовлення, зроблені з нею, не зміняться."
        confirmLabel="Видалити"
        onConfirm={() => {
          setAsking(false);
          remove.mutate(d.id, { onSuccess: back });
        }}
        onCancel={() => setAsking(false)}
      />
    </Page>
  );
}
