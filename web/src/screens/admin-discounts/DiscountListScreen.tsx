import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type DiscountListItem } from '@zalik/contract';
import { isNetworkError } from '../../api/network';
import { Cell, ConfirmDialog, EmptyState, IconTile, Input, LoadMore, Page, PlusIcon, Section, Tabs, useToast } from '../../ui';
import { RequireRole } from '../../lib/RequireRole';
import { paths } from '../../lib/paths';
import { useDeleteDiscount, useDiscounts, type TypeFilter } from './api';
import { DiscountRow, DiscountSkeletons } from './DiscountRow';
import { describe } from './labels';
import styles from './admin-discounts.module.css';
import { listError } from '../../lib/useLoadMore';

const SEARCH_DELAY_MS = 250;
const FILTERS = [
  { value: 'ALL', label: 'Усі' },
  { value: 'GLOBAL', label: 'Для всіх' },
  { value: 'LOCAL', label: 'Персональні' },
] as const satisfies readonly { value: TypeFilter; label: string }[];

const typeOf = (v: string | null): TypeFilter => (v === 'GLOBAL' || v === 'LOCAL' ? v : 'ALL');

/** /settings/admin-panel/discounts: every discount with uses left, searchable, paged as the admin scrolls (lazy chunk). */
export default function DiscountListScreen() {
  return (
    <RequireRole role="admin">
      <DiscountList />
    </RequireRole>
  );
}

function DiscountList() {
  // The filter and the search live in the URL, so coming back from an edit keeps them.
  const [params, setParams] = useSearchParams();
  const type = typeOf(params.get('type'));
  const urlSearch = params.get('q') ?? '';
  const [typed, setTyped] = useState(urlSearch);
  const [search, setSearch] = useState(urlSearch.trim());
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(typed.trim());
      if (typed.trim() !== urlSearch) {
        setParams(
          (p) => {
            if (typed.trim()) p.set('q', typed.trim());
            else p.delete('q');
            return p;
          },
          { replace: true },
        );
      }
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [typed, urlSearch, setParams]);

  const query = useDiscounts(type, search);
  const remove = useDeleteDiscount();
  const [asked, setAsked] = useState<DiscountListItem | null>(null);
  const [toast, showToast] = useToast();
  const rows = query.data?.pages.flat() ?? [];

  const setType = (value: TypeFilter) =>
    setParams(
      (p) => {
        if (value === 'ALL') p.delete('type');
        else p.set('type', value);
        return p;
      },
      { replace: true },
    );

  const confirmDelete = () => {
    const d = asked;
    setAsked(null);
    if (d) remove.mutate(d.id, { onSuccess: () => showToast('Знижку видалено') });
  };

  const failed = listError(query);
  const waiting = query.isPending || (isNetworkError(failed));
  return (
    <Page title="Знижки">
      {toast}
      <Section>
        <Cell to={paths.admin.discountNew} before={<IconTile color="#ff2d55"><PlusIcon size={19} /></IconTile>} subtitle="Кілька завдань і користувачів за раз">
          Нова знижка
        </Cell>
      </Section>
      <Input
        type="search"
        autoComplete="off"
        aria-label="Пошук за завданням або нікнеймом"
        placeholder="Завдання або @нікнейм"
        value={typed}
        maxLength={100}
        onChange={(e) => setTyped(e.target.value)}
      />
      <Tabs label="Тип знижки" items={FILTERS} value={type} onChange={setType} />
      <Section
        header={search ? 'Знайдені знижки' : 'Діючі та заплановані'}
        footer={rows.length > 0 ? 'Натисніть на знижку, щоб змінити відсоток, кількість активацій чи час дії.' : undefined}
      >
        {waiting ? (
          <DiscountSkeletons count={5} />
        ) : failed ? (
          <p className={styles.empty}>{failed.message}</p>
        ) : rows.length === 0 ? (
          <EmptyState text={search ? `Немає знижок на «${search}»` : 'Знижок ще немає'} />
        ) : (
          <div aria-busy={query.isPlaceholderData || undefined} aria-label="Знижки">
            {rows.map((d) => (
              <DiscountRow key={d.id} discount={d} onDelete={setAsked} />
            ))}
          </div>
        )}
        <LoadMore pages={query} skeleton={<DiscountSkeletons count={2} />} />
      </Section>
      <ConfirmDialog
        open={asked !== null}
        question={asked ? `Видалити ${describe(asked)}?` : undefined}
        text="Знижка перестане діяти одразу. Замовлення, зроблені з нею, не зміняться."
        confirmLabel="Видалити"
        onConfirm={confirmDelete}
        onCancel={() => setAsked(null)}
      />
    </Page>
  );
}
