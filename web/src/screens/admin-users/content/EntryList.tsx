import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { haptic } from '../../../telegram/sdk';
import { Cell, ConfirmDialog, ContextMenu, EmptyState, Page, Section, SkeletonRows } from '../../../ui';
import styles from '../admin-users.module.css';

interface Entry {
  id: string;
}

interface EntryListProps<T extends Entry> {
  title: string;
  items: T[] | undefined;
  loading: boolean;
  empty: string;
  addLabel: string;
  /** The form's path; `?id=` is added for an edit. */
  formPath: string;
  primary: (item: T) => ReactNode;
  secondary: (item: T) => ReactNode;
  /** The delete confirmation's question, naming the entry. */
  deleteQuestion: (item: T) => string;
  onDelete: (id: string, done: () => void) => void;
  footer?: ReactNode;
}

/** An admin list of editable entries: tap or 'Редагувати' opens the form, 'Видалити' asks first. */
export function EntryList<T extends Entry>(p: EntryListProps<T>) {
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<string | null>(null);
  const deleting = p.items?.find((item) => item.id === toDelete);
  const edit = (id: string) => navigate(`${p.formPath}?id=${encodeURIComponent(id)}`);

  return (
    <Page title={p.title}>
      <Section>
        <Cell to={p.formPath} tone="accent">
          {p.addLabel}
        </Cell>
      </Section>
      <Section footer={p.items?.length ? (p.footer ?? 'Утримуйте рядок або клацніть правою кнопкою, щоб змінити чи видалити.') : undefined}>
        {p.loading ? (
          <SkeletonRows count={4} subtitle={2} />
        ) : !p.items?.length ? (
          <EmptyState text={p.empty} />
        ) : (
          <div className={styles.entries}>
            {p.items.map((item) => (
              <ContextMenu
                key={item.id}
                items={[
                  { label: 'Редагувати', onSelect: () => edit(item.id) },
                  { label: 'Видалити', onSelect: () => setToDelete(item.id), destructive: true },
                ]}
              >
                <Cell onClick={() => edit(item.id)} subtitle={<span className={styles.clamp}>{p.secondary(item)}</span>} chevron>
                  {p.primary(item)}
                </Cell>
              </ContextMenu>
            ))}
          </div>
        )}
      </Section>
      <ConfirmDialog
        open={toDelete !== null}
        question={deleting && p.deleteQuestion(deleting)}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const id = toDelete!;
          setToDelete(null);
          p.onDelete(id, () => haptic.notification('success'));
        }}
      />
    </Page>
  );
}
