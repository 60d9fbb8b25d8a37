import type { Faq } from '@zalik/contract';
import { RequireRole } from '../../../lib/RequireRole';
import { FAQ, useDeleteEntry, useEntries } from './api';
import { EntryList } from './EntryList';
import { paths } from '../../../lib/paths';

/** /settings/admin-panel/faq: the questions shown on the support screen (lazy chunk). */
export default function FaqAdminScreen() {
  return (
    <RequireRole role="admin">
      <FaqAdmin />
    </RequireRole>
  );
}

function FaqAdmin() {
  const faq = useEntries<Faq>(FAQ);
  const remove = useDeleteEntry(FAQ);
  return (
    <EntryList
      title="Часті питання"
      items={faq.data}
      loading={faq.isPending}
      empty="Питань ще немає"
      addLabel="Додати питання"
      formPath={paths.admin.faqForm}
      primary={(f) => f.question}
      deleteQuestion={(f) => `Видалити питання «${f.question}»?`}
      secondary={(f) => f.answer}
      onDelete={(id, done) => remove.mutate(id, { onSuccess: done })}
      footer="Питання показуються на екрані підтримки в цьому порядку. Утримуйте рядок, щоб змінити чи видалити."
    />
  );
}
