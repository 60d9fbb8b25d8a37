import { MSG } from '@zalik/contract';
import type { TaskCreateBody, TaskPatchBody } from '../common/api';
import { parsePrice, titleError } from '../common/validation';
import type { AddTaskDraft, EditTaskDraft } from './draft';

export type Checked<T> = { ok: true; body: T } | { ok: false; message: string };

/** Validates the add-task form in the order the admin fills it and builds POST /tasks/task. */
export function createBody(d: AddTaskDraft): Checked<TaskCreateBody> {
  const titleInvalid = titleError(d.title);
  if (titleInvalid) return { ok: false, message: titleInvalid };
  const price = parsePrice(d.price);
  if (price === null) return { ok: false, message: MSG.priceInvalid };
  if (!d.type) return { ok: false, message: MSG.taskTypeInvalid };
  if (!d.developer) return { ok: false, message: MSG.developerOne };
  const identifier = d.identifier.trim();
  if (d.autoGenerate && !identifier) return { ok: false, message: MSG.requiredField('Ідентифікатор генератора') };
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
  return {
    ok: true,
    body: {
      title: title === task.title ? '' : title,
      description: description === task.description ? '' : description,
      identifier: identifier === task.identifier ? '' : identifier,
      price,
      visible: d.visible,
      developerTelegramId: d.developer.telegramId === task.developer.telegramId ? '' : d.developer.telegramId,
    },
  };
}
