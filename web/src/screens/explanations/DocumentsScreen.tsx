import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EXPLANATION_DOCUMENT_DESCRIPTION_MAX, endpoints as ep, type ExplanationDocument } from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';
import { formatDate } from '../../lib/date';
import { RequireRole } from '../../lib/RequireRole';
import { Button, Cell, ConfirmDialog, EmptyState, FileField, Input, MainAction, Page, Section, SkeletonRows, showError, useToast } from '../../ui';
import styles from './explanations.module.css';
import { AttachPicker, GENERAL, attachmentFields, attachmentLabel, type Attachment, type Scope } from './AttachPicker';

const PAGE = 50;

/** The picked attachment as the list would name it. */
const labelOf = (a: Attachment) => ({
  taskTitle: a.kind === 'task' ? a.taskTitle : null,
  subjectName: a.kind === 'general' ? null : a.subjectName,
});

/** /settings/admin-panel/explanation-documents: what the tutor's answers draw on; upload and delete. */
export default function DocumentsScreen() {
  const qc = useQueryClient();
  const [toast, notify] = useToast();
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [picker, setPicker] = useState(0);
  const [scope, setScope] = useState<Scope>('general');
  const [attachment, setAttachment] = useState<Attachment>(GENERAL);
  // A subject or a task scope waits for its pick: nothing is uploaded as general by mistake.
  const attached = attachment.kind === scope;
  const [deleting, setDeleting] = useState<ExplanationDocument | null>(null);
  const list = useQuery({ queryKey: qk.explanations.documents(), queryFn: () => call(ep.explanationDocuments, { query: { page: 0, limit: PAGE } }) });
  const refresh = () => qc.invalidateQueries({ queryKey: qk.explanations.documents() });

  const upload = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('description', description.trim());
      for (const [name, value] of Object.entries(attachmentFields(attachment))) form.append(name, value);
      form.append('multipartFile', file!);
      return call(ep.uploadExplanationDocument, { body: form });
    },
    onSuccess: (d) => {
      notify(`Документ додано: ${d.chunks} фрагментів тексту`);
      setDescription('');
      setFile(null);
      setPicker((n) => n + 1);
      setScope('general');
      setAttachment(GENERAL);
      void refresh();
    },
    onError: (err) => showError(err.message),
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(ep.deleteExplanationDocument, { params: { id } }),
    onSuccess: () => {
      notify('Документ видалено');
      void refresh();
    },
    onError: (err) => showError(err.message),
  });

  const docs = list.data?.content ?? [];
  return (
    <RequireRole role="admin">
      <Page title="Документи для пояснень" subtitle="ШІ-репетитор спирається на них у відповідях студентам">
        <Section header="Новий документ" footer="PDF, DOCX або TXT до 10 МБ. Документ без завдання чи предмета доступний у поясненнях до всіх замовлень.">
          <div className={styles.form}>
            <Input label="Опис" value={description} maxLength={EXPLANATION_DOCUMENT_DESCRIPTION_MAX} onChange={(e) => setDescription(e.target.value)} />
            <FileField key={picker} label="Файл" accept=".pdf,.docx,.txt" onFile={setFile} />
          </div>
        </Section>
        <AttachPicker scope={scope} onScope={setScope} value={attachment} onChange={setAttachment} />
        <p className={styles.hint} role="status" aria-label="Прив'язка документа">
          {attached ? `Прив'язка: ${attachmentLabel(labelOf(attachment))}` : scope === 'task' ? 'Оберіть предмет і завдання' : 'Оберіть предмет'}
        </p>
        <Section header="Документи">
          {list.isPending && <SkeletonRows count={3} />}
          {!list.isPending && docs.length === 0 && <EmptyState text="Документів ще немає" />}
          {docs.map((d) => (
            <Cell
              key={d.documentId}
              subtitle={
                <>
                  <span className={styles.attachment}>{attachmentLabel(d)}</span>
                  {`${d.description} · ${d.chunks} фрагм. · ${formatDate(d.createdAt)}${d.createdBy.username ? ` · @${d.createdBy.username}` : ''}`}
                </>
              }
              after={
                <Button size="small" variant="plain" className={styles.danger} aria-label={`Видалити ${d.fileName}`} onClick={() => setDeleting(d)}>
                  Видалити
                </Button>
              }
            >
              {d.fileName}
            </Cell>
          ))}
        </Section>
        <ConfirmDialog
          open={deleting !== null}
          question={deleting ? `Видалити «${deleting.fileName}»?` : undefined}
          text="Відповіді перестануть на нього спиратися одразу."
          confirmLabel="Видалити"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            if (deleting) remove.mutate(deleting.documentId);
            setDeleting(null);
          }}
        />
        {/* Last: the pinned button's room is kept below the list, not between the form and it. */}
        <MainAction text="Завантажити" loading={upload.isPending} disabled={!file || !description.trim() || !attached} onAction={() => upload.mutate()} />
        {toast}
      </Page>
    </RequireRole>
  );
}
