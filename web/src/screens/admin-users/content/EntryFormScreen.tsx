import type { ReactNode } from 'react';
import type { Faq, News } from '@zalik/contract';
import { EmptyState, Page, SkeletonRows } from '../../../ui';
import { RequireRole } from '../../../lib/RequireRole';
import { useEntries, type Resource } from './api';
import { useEntryForm } from './useEntryForm';

interface EntryFormScreenProps<T extends Faq | News> {
  resource: Resource<T>;
  listPath: string;
  /** The page title while loading or when the entry is gone. */
  title: string;
  notFound: string;
  /** The form of a new entry (undefined) or of the one being edited; `close` goes back to the list. */
  children: (entry: T | undefined, close: () => void) => ReactNode;
}

/** `.../edit[?id=]` of the FAQ and the news: admins only, the entry looked up by `?id=`, then its form. */
export function EntryFormScreen<T extends Faq | News>(props: EntryFormScreenProps<T>) {
  return (
    <RequireRole role="admin">
      <EntryLoader {...props} />
    </RequireRole>
  );
}

function EntryLoader<T extends Faq | News>({ resource, listPath, title, notFound, children }: EntryFormScreenProps<T>) {
  const { id, close } = useEntryForm(listPath);
  const list = useEntries<T>(resource);
  if (id && list.isPending) {
    return (
      <Page title={title}>
        <SkeletonRows count={2} />
      </Page>
    );
  }
  const entry = id ? list.data?.find((e) => e.id === id) : undefined;
  if (id && !entry) {
    return (
      <Page title={title}>
        <EmptyState text={notFound} />
      </Page>
    );
  }
  return children(entry, close);
}
