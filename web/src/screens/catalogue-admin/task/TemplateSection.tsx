import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TaskTemplateInfo } from '@zalik/contract';
import { ApiError } from '../../../api/errors';
import { haptic } from '../../../telegram/sdk';
import { Section } from '../../../ui';
import { refreshCatalogue, uploadTemplate, useTemplate } from '../common/api';
import { TemplateResult, TemplateRow, TemplateRowSkeleton, templateFileError, uploadedAt } from './TemplateFile';
import { qk } from '../../../api/queryKeys';

interface TemplateSectionProps {
  taskId: string;
  /** What the add-task screen's upload answered, shown until the admin uploads again. */
  initialError?: string | null;
}

/** The DOCX template of an auto-generated task: what is uploaded, its tags, and a re-upload. */
export function TemplateSection({ taskId, initialError }: TemplateSectionProps) {
  const qc = useQueryClient();
  const current = useTemplate(taskId, true);
  const [error, setError] = useState<string | null>(initialError ?? null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    const invalid = templateFileError(file);
    if (invalid) {
      haptic.notification('error');
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const info = await uploadTemplate(taskId, file);
      qc.setQueryData<TaskTemplateInfo | null>(qk.catalogue.template(taskId), info);
      haptic.notification('success');
      void refreshCatalogue(qc);
    } catch (err) {
      haptic.notification('error');
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const info = current.data ?? null;
  return (
    <Section header="DOCX-шаблон" footer="Теги: {Назва аргументу} для кожного аргументу; для тесту — цикл {#answers}{number}. {value}{/answers}.">
      {current.isPending ? (
        <TemplateRowSkeleton />
      ) : (
        <>
          <TemplateRow
            title={info ? info.fileName : 'Шаблон ще не завантажено'}
            subtitle={info ? uploadedAt(info) : 'Без шаблону студент не зможе купити це завдання'}
            actionLabel={info ? 'Замінити' : 'Завантажити'}
            busy={busy}
            onFile={(file) => void upload(file)}
          />
          <TemplateResult info={error ? null : info} error={error} />
        </>
      )}
    </Section>
  );
}
