import { useState } from 'react';
import { MSG, type Faq } from '@zalik/contract';
import { FixedBottomButton, Input, Page, TextArea, useErrorBanner } from '../../../ui';
import { FAQ, useSaveEntry } from './api';
import { EntryFormScreen } from './EntryFormScreen';
import styles from '../admin-users.module.css';
import { paths } from '../../../lib/paths';


/** /settings/admin-panel/faq/edit[?id=]: a new question, or the one with that id (lazy chunk). */
export default function FaqFormScreen() {
  return (
    <EntryFormScreen<Faq> resource={FAQ} listPath={paths.admin.faq} title="Питання" notFound={MSG.faqNotFound}>
      {(entry, close) => <FaqForm key={entry?.id ?? 'new'} entry={entry} onDone={close} />}
    </EntryFormScreen>
  );
}

function FaqForm({ entry, onDone }: { entry: Faq | undefined; onDone: () => void }) {
  const [question, setQuestion] = useState(entry?.question ?? '');
  const [answer, setAnswer] = useState(entry?.answer ?? '');
  const save = useSaveEntry<Faq>(FAQ);
  const banner = useErrorBanner();

  const submit = () => {
    if (!question.trim() || !answer.trim()) return banner.show(MSG.faqInvalid);
    save.mutate({ id: entry?.id, question: question.trim(), answer: answer.trim() }, { onSuccess: onDone });
  };

  return (
    <Page title={entry ? 'Змінити питання' : 'Нове питання'}>
      <div className={styles.form}>
        <Input label="Питання" value={question} maxLength={300} onChange={(e) => setQuestion(e.target.value)} placeholder="Як поповнити гаманець?" />
        <TextArea autoGrow label="Відповідь" value={answer} maxLength={3000} onChange={(e) => setAnswer(e.target.value)} placeholder="Коротка й точна відповідь" />
      </div>
      <FixedBottomButton loading={save.isPending} onClick={submit}>
        Зберегти
      </FixedBottomButton>
    </Page>
  );
}
