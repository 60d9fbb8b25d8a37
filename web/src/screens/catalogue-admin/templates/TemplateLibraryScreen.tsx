import { useState } from 'react';
import { IDENTIFIER_DESCRIPTION_MAX, IDENTIFIER_NAME_MAX, type Identifier } from '@zalik/contract';
import { formatDate } from '../../../lib/date';
import { RequireRole } from '../../../lib/RequireRole';
import { Button, Cell, ConfirmDialog, EmptyState, FileField, Input, LoadMore, Page, Section, SkeletonRows, useToast } from '../../../ui';
import { useAddTemplate, useDeleteTemplate, useReplaceTemplateFile, useTemplateLibrary } from './api';
import styles from './templates.module.css';

const usedBy = (n: number) => (n === 0 ? 'не використовується' : `завдань: ${n}`);

/** /settings/admin-panel/templates: the DOCX templates tasks share; add, replace a file, delete an unused one (lazy chunk). */
export default function TemplateLibraryScreen() {
  return (
    <RequireRole role="admin">
      <Library />
    </RequireRole>
  );
}

function Library() {
  const list = useTemplateLibrary();
  const add = useAddTemplate();
  const replace = useReplaceTemplateFile();
  const remove = useDeleteTemplate();
  const [toast, notify] = useToast();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [picker, setPicker] = useState(0);
  const [deleting, setDeleting] = useState<Identifier | null>(null);
  const entries = list.data?.pages.flatMap((p) => p.content) ?? [];

  const upload = () =>
    add.mutate(
      { name: name.trim(), description: description.trim(), file: file! },
      {
        onSuccess: (entry) => {
          notify(`Шаблон «${entry.name}» додано`);
          setName('');
          setDescription('');
          setFile(null);
          setPicker((n) => n + 1);
        },
      },
    );

  return (
    <Page title="Бібліотека шаблонів" subtitle="DOCX-шаблони, з яких генеруються автоматичні завдання; один шаблон можуть мати кілька завдань">
      <Section header="Новий шаблон" footer="Назва — за бажанням (інакше назва файлу). Теги шаблону мають збігатися з аргументами завдань, які його оберуть.">
        <div className={styles.form}>
          <Input label="Назва" value={name} maxLength={IDENTIFIER_NAME_MAX} onChange={(e) => setName(e.target.value)} />
          <Input label="Опис" value={description} maxLength={IDENTIFIER_DESCRIPTION_MAX} onChange={(e) => setDescription(e.target.value)} />
          <FileField key={picker} label="Файл DOCX" accept=".docx" onFile={setFile} />
          <Button stretched loading={add.isPending} disabled={!file} onClick={upload}>
            Додати шаблон
          </Button>
        </div>
      </Section>
      <Section header="Шаблони">
        {list.isPending && <SkeletonRows count={3} subtitle />}
        {!list.isPending && entries.length === 0 && <EmptyState text="Шаблонів ще немає" />}
        {entries.map((t) => (
          <Cell
            key={t.id}
            subtitle={`${t.type === 'DOCX' ? 'DOCX' : 'Вбудований генератор'} · ${usedBy(t.tasks)} · ${formatDate(t.createdAt)}`}
            after={
              <span className={styles.actions}>
                {t.type === 'DOCX' && (
                  <label className={styles.replace}>
                    Замінити
                    <input
                      type="file"
                      accept=".docx"
                      aria-label={`Замінити файл шаблону ${t.name}`}
                      onChange={(e) => {
                        const picked = e.target.files?.[0];
                        e.target.value = '';
                        if (picked) replace.mutate({ id: t.id, file: picked }, { onSuccess: () => notify(`Файл шаблону «${t.name}» замінено`) });
                      }}
                    />
                  </label>
                )}
                <Button size="small" variant="plain" className={styles.danger} aria-label={`Видалити шаблон ${t.name}`} onClick={() => setDeleting(t)}>
                  Видалити
                </Button>
              </span>
            }
          >
            {t.name}
          </Cell>
        ))}
        <LoadMore pages={list} skeleton={<SkeletonRows count={2} subtitle />} />
      </Section>
      <ConfirmDialog
        open={deleting !== null}
        question={deleting ? `Видалити шаблон «${deleting.name}»?` : undefined}
        text="Замовлення, вже згенеровані з нього, не зміняться."
        confirmLabel="Видалити"
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const entry = deleting;
          setDeleting(null);
          if (entry) remove.mutate(entry, { onSuccess: () => notify(`Шаблон «${entry.name}» видалено`) });
        }}
      />
      {toast}
    </Page>
  );
}
