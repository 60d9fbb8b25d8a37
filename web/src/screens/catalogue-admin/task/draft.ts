import type { DiscountType, Task, TaskType } from '@zalik/contract';
import { clampPercent, isTaskType } from '../common/validation';

/**
 * The add-task and edit-task forms keep their values in sessionStorage while the admin visits
 * their pickers (spec 4: "Add/edit task form values are also kept temporarily"), so a reload
 * of a picker loses nothing either. They are cleared after a submit or on leaving the form.
 */
export const ADD_KEY = 'zalik.admin.addTask';
export const EDIT_KEY = 'zalik.admin.editTask';

export interface ArgRef {
  id: string;
  name: string;
  description: string;
}

export interface DevRef {
  telegramId: string;
  username: string;
}

export interface AddTaskDraft {
  subjectId: string;
  teacherId: string;
  teacherName: string;
  title: string;
  description: string;
  identifier: string;
  price: string;
  autoGenerate: boolean;
  type: TaskType | null;
  developer: DevRef | null;
  /** In the order chosen: the buyer's form asks for them in this order. */
  args: ArgRef[];
}

export interface DiscountDraft {
  percent: number;
  type: DiscountType;
  /** Activation count as typed; '' for a GLOBAL discount means unlimited. */
  count: string;
  /** The validity window (ISO instants; null: no bound on that side). */
  validFrom: string | null;
  validTo: string | null;
}

export interface EditTaskDraft {
  subjectId: string;
  /** The task as it was when the form opened: unchanged fields are sent as "". */
  task: Task;
  title: string;
  description: string;
  identifier: string;
  price: string;
  visible: boolean;
  developer: DevRef;
  /** What Zalik's form lets change after creation: the type, the teacher (of the same subject) and the arguments. */
  type: TaskType;
  teacherId: string;
  teacherName: string;
  args: ArgRef[];
  /** The library template an auto-generated task generates with ('' when it has none). */
  templateId: string;
  templateName: string;
  discount: DiscountDraft;
}

export const DEFAULT_IDENTIFIER = 'docx-template';

export function emptyAddDraft(subjectId: string, teacherId: string, teacherName: string): AddTaskDraft {
  return {
    subjectId,
    teacherId,
    teacherName,
    title: '',
    description: '',
    identifier: DEFAULT_IDENTIFIER,
    price: '',
    autoGenerate: false,
    type: null,
    developer: null,
    args: [],
  };
}

export function editDraftOf(subjectId: string, task: Task): EditTaskDraft {
  return {
    subjectId,
    task,
    title: task.title,
    description: task.description,
    identifier: task.identifier,
    price: String(task.price),
    visible: task.visible,
    developer: { telegramId: task.developer.telegramId, username: task.developer.username },
    type: task.type,
    teacherId: task.teacher.id,
    teacherName: task.teacher.name,
    args: task.arguments.map((a) => ({ id: a.id, name: a.name, description: a.description })),
    templateId: task.template?.id ?? '',
    templateName: task.template?.name ?? '',
    discount: { percent: 10, type: 'GLOBAL', count: '', validFrom: null, validTo: null },
  };
}

function read(key: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(key) ?? 'null') as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function save(key: string, draft: object): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, it just will not survive a reload.
  }
}

export function clear(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

function devRef(v: unknown): DevRef | null {
  const d = v as Partial<DevRef> | null;
  return d && typeof d.telegramId === 'string' ? { telegramId: d.telegramId, username: str(d.username) } : null;
}

function argRefs(v: unknown): ArgRef[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((a): a is ArgRef => !!a && typeof (a as ArgRef).id === 'string')
    .map((a) => ({ id: a.id, name: str(a.name), description: str(a.description) }));
}

/** The stored add-task draft of this subject (and teacher, when one was passed), else null. */
export function loadAddDraft(subjectId: string, teacherId: string | null): AddTaskDraft | null {
  const d = read(ADD_KEY);
  if (!d || d.subjectId !== subjectId || typeof d.teacherId !== 'string') return null;
  if (teacherId && d.teacherId !== teacherId) return null;
  return {
    subjectId,
    teacherId: d.teacherId,
    teacherName: str(d.teacherName),
    title: str(d.title),
    description: str(d.description),
    identifier: str(d.identifier, DEFAULT_IDENTIFIER),
    price: str(d.price),
    autoGenerate: d.autoGenerate === true,
    type: isTaskType(d.type) ? d.type : null,
    developer: devRef(d.developer),
    args: argRefs(d.args),
  };
}

/** The stored edit draft of this task, else null. */
export function loadEditDraft(subjectId: string, taskId: string | null): EditTaskDraft | null {
  const d = read(EDIT_KEY);
  const task = d?.task as Task | undefined;
  if (!d || d.subjectId !== subjectId || !task || typeof task.id !== 'string') return null;
  if (taskId && task.id !== taskId) return null;
  const base = editDraftOf(subjectId, task);
  const disc = (d.discount ?? {}) as Partial<DiscountDraft>;
  return {
    ...base,
    title: str(d.title, base.title),
    description: str(d.description, base.description),
    identifier: str(d.identifier, base.identifier),
    price: str(d.price, base.price),
    visible: typeof d.visible === 'boolean' ? d.visible : base.visible,
    developer: devRef(d.developer) ?? base.developer,
    type: isTaskType(d.type) ? d.type : base.type,
    teacherId: str(d.teacherId, base.teacherId),
    teacherName: str(d.teacherName, base.teacherName),
    args: Array.isArray(d.args) ? argRefs(d.args) : base.args,
    templateId: str(d.templateId, base.templateId),
    templateName: str(d.templateName, base.templateName),
    discount: {
      percent: clampPercent(Number(disc.percent ?? base.discount.percent)),
      type: disc.type === 'LOCAL' ? 'LOCAL' : 'GLOBAL',
      count: str(disc.count),
      validFrom: typeof disc.validFrom === 'string' ? disc.validFrom : null,
      validTo: typeof disc.validTo === 'string' ? disc.validTo : null,
    },
  };
}
