import type { News } from '@zalik/contract';
import { RequireRole } from '../../../lib/RequireRole';
import { NEWS, useDeleteEntry, useEntries } from './api';
import { EntryList } from './EntryList';
import { paths } from '../../../lib/paths';

/** /settings/admin-panel/news: the slides above the subject list (lazy chunk). */
export default function NewsAdminScreen() {
  return (
    <RequireRole role="admin">
      <NewsAdmin />
    </RequireRole>
  );
}

function NewsAdmin() {
  const news = useEntries<News>(NEWS);
  const remove = useDeleteEntry(NEWS);
  return (
    <EntryList
      title="Новини"
      items={news.data}
      loading={news.isPending}
      empty="Новин ще немає"
      addLabel="Додати новину"
      formPath={paths.admin.newsForm}
      primary={(n) => n.title}
      deleteQuestion={(n) => `Видалити новину «${n.title}»?`}
      secondary={(n) => n.text}
      onDelete={(id, done) => remove.mutate(id, { onSuccess: done })}
      footer="Слайди над списком предметів, у цьому порядку. Утримуйте рядок, щоб змінити чи видалити."
    />
  );
}
