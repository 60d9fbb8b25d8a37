import { useState } from 'react';
import { MSG, type News } from '@zalik/contract';
import { FixedBottomButton, Input, Lottie, Page, Tabs, TextArea, useErrorBanner, type LottieName } from '../../../ui';
import { NEWS, useSaveEntry } from './api';
import { EntryFormScreen } from './EntryFormScreen';
import styles from '../admin-users.module.css';
import { paths } from '../../../lib/paths';

/** The news animations the app ships (assets/lottie). */
const ANIMATIONS: { value: LottieName; label: string }[] = [
  { value: 'news-books', label: 'Книги' },
  { value: 'news-rocket', label: 'Ракета' },
];

/** /settings/admin-panel/news/edit[?id=]: a new slide, or the one with that id (lazy chunk). */
export default function NewsFormScreen() {
  return (
    <EntryFormScreen<News> resource={NEWS} listPath={paths.admin.news} title="Новина" notFound={MSG.newsNotFound}>
      {(entry, close) => <NewsForm key={entry?.id ?? 'new'} entry={entry} onDone={close} />}
    </EntryFormScreen>
  );
}

function NewsForm({ entry, onDone }: { entry: News | undefined; onDone: () => void }) {
  const [title, setTitle] = useState(entry?.title ?? '');
  const [text, setText] = useState(entry?.text ?? '');
  const known = ANIMATIONS.find((a) => a.value === entry?.animation);
  const [animation, setAnimation] = useState<LottieName>(known?.value ?? ANIMATIONS[0]!.value);
  const save = useSaveEntry<News>(NEWS);
  const banner = useErrorBanner();

  const submit = () => {
    if (!title.trim() || !text.trim()) return banner.show(MSG.newsInvalid);
    save.mutate({ id: entry?.id, title: title.trim(), text: text.trim(), animation }, { onSuccess: onDone });
  };

  return (
    <Page title={entry ? 'Змінити новину' : 'Нова новина'}>
      <div className={styles.form}>
        <div className={styles.preview}>
          <Lottie name={animation} size={120} />
        </div>
        <Tabs label="Анімація" items={ANIMATIONS} value={animation} onChange={setAnimation} />
        <Input label="Заголовок" value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} placeholder="Знижки на лабораторні" />
        <TextArea autoGrow label="Текст" value={text} maxLength={1000} onChange={(e) => setText(e.target.value)} placeholder="Коротко, на два-три рядки" />
      </div>
      <FixedBottomButton loading={save.isPending} onClick={submit}>
        Зберегти
      </FixedBottomButton>
    </Page>
  );
}
