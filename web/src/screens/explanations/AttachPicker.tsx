import { useState } from 'react';
import { COURSES, type ExplanationDocument } from '@zalik/contract';
import { useSubjects, useTeachers } from '../../api/catalogue';
import { useTeacherTasks } from '../../api/teacherTasks';
import { Section, SelectRow, SkeletonRows, Tabs } from '../../ui';
import styles from './explanations.module.css';

/** What a new document is attached to: one choice, since the API takes a task or a subject, never both. */
export type Attachment =
  | { kind: 'general' }
  | { kind: 'subject'; subjectId: string; subjectName: string }
  | { kind: 'task'; subjectId: string; subjectName: string; taskId: string; taskTitle: string };

export const GENERAL: Attachment = { kind: 'general' };

export type Scope = Attachment['kind'];
const SCOPES = [
  { value: 'general', label: 'Загальний' },
  { value: 'subject', label: 'Предмет' },
  { value: 'task', label: 'Завдання' },
] as const satisfies readonly { value: Scope; label: string }[];
const COURSE_TABS = COURSES.map((c) => ({ value: c, label: `${c} курс` }));

/** The upload's form fields for it: `taskId` or `subjectId`, or none. */
export function attachmentFields(a: Attachment): Record<string, string> {
  if (a.kind === 'task') return { taskId: a.taskId };
  if (a.kind === 'subject') return { subjectId: a.subjectId };
  return {};
}

/** How the list names a document's attachment. */
export function attachmentLabel(d: Pick<ExplanationDocument, 'taskTitle' | 'subjectName'>): string {
  if (d.taskTitle) return d.subjectName ? `Завдання «${d.taskTitle}» · ${d.subjectName}` : `Завдання «${d.taskTitle}»`;
  if (d.subjectName) return `Предмет «${d.subjectName}»`;
  return 'Загальний';
}

interface Props {
  scope: Scope;
  onScope: (scope: Scope) => void;
  value: Attachment;
  onChange: (a: Attachment) => void;
}

/**
 * General, a subject, or a task of that subject: the course tabs list the course's subjects;
 * for a task, the picked subject's tasks (every teacher's, hidden ones too) follow.
 */
export function AttachPicker({ scope, onScope, value, onChange }: Props) {
  const [course, setCourse] = useState<number>(1);
  const subjectId = value.kind === 'general' ? '' : value.subjectId;
  const subjectName = value.kind === 'general' ? '' : value.subjectName;
  return (
    <>
      <Section header="Прив'язка" footer="Документ предмета чи завдання бачать лише пояснення до замовлень цього предмета чи завдання.">
        <div className={styles.picker}>
          <Tabs
            label="До чого прив'язати"
            items={SCOPES}
            value={scope}
            onChange={(s) => {
              onScope(s);
              // A task keeps its subject when the scope narrows back to the subject; general drops both.
              if (s === 'general') onChange(GENERAL);
              else if (value.kind === 'task' && s === 'subject') onChange({ kind: 'subject', subjectId, subjectName });
            }}
          />
        </div>
      </Section>
      {scope !== 'general' && (
        <Section header="Предмет">
          <div className={styles.picker}>
            <Tabs label="Курс" items={COURSE_TABS} value={course} onChange={setCourse} />
          </div>
          <Subjects
            course={course}
            chosen={subjectId}
            onPick={(id, name) => onChange(id === subjectId && value.kind === 'subject' ? GENERAL : { kind: 'subject', subjectId: id, subjectName: name })}
          />
        </Section>
      )}
      {scope === 'task' && subjectId && (
        <Section header={`Завдання предмета «${subjectName}»`}>
          <Tasks
            subjectId={subjectId}
            chosen={value.kind === 'task' ? value.taskId : ''}
            onPick={(taskId, taskTitle) =>
              onChange(value.kind === 'task' && value.taskId === taskId ? { kind: 'subject', subjectId, subjectName } : { kind: 'task', subjectId, subjectName, taskId, taskTitle })
            }
          />
        </Section>
      )}
    </>
  );
}

function Subjects({ course, chosen, onPick }: { course: number; chosen: string; onPick: (id: string, name: string) => void }) {
  const subjects = useSubjects(course);
  if (subjects.isPending) return <SkeletonRows count={3} kind="picker" />;
  if (!subjects.data?.length) return <p className={styles.hint}>На цьому курсі предметів немає</p>;
  return (
    <>
      {subjects.data.map((s) => (
        <SelectRow key={s.id} selected={s.id === chosen} onToggle={() => onPick(s.id, s.name)}>
          {s.name}
        </SelectRow>
      ))}
    </>
  );
}

function Tasks({ subjectId, chosen, onPick }: { subjectId: string; chosen: string; onPick: (id: string, title: string) => void }) {
  const teachers = useTeachers(subjectId);
  const tasks = useTeacherTasks((teachers.data ?? []).map((t) => t.id));
  if (teachers.isPending || tasks.isPending) return <SkeletonRows count={3} kind="picker" subtitle />;
  if (!tasks.data.length) return <p className={styles.hint}>У цього предмета завдань немає</p>;
  return (
    <>
      {tasks.data.map((t) => (
        <SelectRow key={t.id} selected={t.id === chosen} subtitle={t.teacher.name} onToggle={() => onPick(t.id, t.title)}>
          {t.title}
        </SelectRow>
      ))}
    </>
  );
}
