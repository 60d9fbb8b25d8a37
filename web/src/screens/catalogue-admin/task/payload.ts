import { MSG } from '@zalik/contract';
import type { TaskCreateBody, TaskPatchBody } from '../common/api';
import { parsePrice, titleError } from '../common/validation';
import type { AddTaskDraft, EditTaskDraft } from './draft';

export type Checked<T> = { ok: true; body: T } | { ok: false; message: string };

/** The add-task form's fields that can be wrong, each with its own message. */
export type TaskField = 'title' | 'price' | 'type' | 'developer' | 'identifier';
export type Problems = Partial<Record<TaskField, string>>;

/** Every problem of the add-task form at once, so the form marks all its fields before sending. */
export function createProblems(d: AddTaskDraft): Problems {
  const problems: Problems = {};
  const title = titleError(d.title);
  if (title) problems.title = title;
  if (parsePrice(d.price) === null) problems.price = MSG.priceInvalid;
  if (!d.type) problems.type = MSG.taskTypeInvalid;
  if (!d.developer) problems.developer = MSG.developerOne;
  if (d.autoGenerate && !d.identifier.trim()) problems.identifier = MSG.requiredField('Ідентифікатор генератора');
  return problems;
}

/** Validates the add-task form (the first problem in the order the admin fills it) and builds POST /tasks/task. */
export function createBody(d: AddTaskDraft): Checked<TaskCreateBody> {
  const first = Object.values(createProblems(d))[0];
  const price = parsePrice(d.price);
  if (first || price === null || !d.type || !d.developer) return { ok: false, message: first ?? MSG.taskTypeInvalid };
  const identifier = d.identifier.trim();
  return {
    ok: true,
    body: {
      title: d.title.trim(),
      description: d.description.trim(),
      identifier: d.autoGenerate ? identifier : '',
      price,
      type: d.type,
      developerTelegramId: d.developer.telegramId,
      autoGenerate: d.autoGenerate,
      teacherId: d.teacherId,
      args: d.args.map((a) => a.id),
    },
  };
}

/**
 * PATCH /tasks/{id}: API-CONTRACT says `""` keeps a field, so only what the admin changed is
 * sent; `visible` is always the toggle's boolean.
 */
export function patchBody(d: EditTaskDraft): Checked<TaskPatchBody> {
  const { task } = d;
  const title = d.title.trim();
  if (title !== task.title) {
    const invalid = titleError(title);
    if (invalid) return { ok: false, message: invalid };
  }
  let price: number | '' = '';
  if (d.price.trim() !== String(task.price)) {
    const parsed = parsePrice(d.price);
    if (parsed === null) return { ok: false, message: MSG.priceInvalid };
    price = parsed === task.price ? '' : parsed;
  }
  const description = d.description.trim();
  const identifier = d.identifier.trim();
  const args = d.args.map((a) => a.id);
  const argsChanged = args.join(',') !== task.arguments.map((a) => a.id).join(',');
  return {
    ok: true,
    body: {
      title: title === task.title ? '' : title,
      description: description === task.description ? '' : description,
      identifier: identifier === task.identifier ? '' : identifier,
      price,
      visible: d.visible,
      developerTelegramId: d.developer.telegramId === task.developer.telegramId ? '' : d.developer.telegramId,
      type: d.type === task.type ? '' : d.type,
      teacherId: d.teacherId === task.teacher.id ? '' : d.teacherId,
      identifierId: d.templateId === (task.template?.id ?? '') ? '' : d.templateId,
      ...(argsChanged ? { args } : {}),
    },
  };
}
