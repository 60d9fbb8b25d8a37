import { DISCOUNT_MAX, DISCOUNT_MIN, MSG, NAME_MAX, NAME_MIN, TASK_TYPES, type TaskType } from '@zalik/contract';

/**
 * Client-side checks that mirror the server's (contract/src/catalogue.ts): the admin sees the
 * spec's message at once, and the server still has the last word.
 */

/**
 * Names of subjects, teachers and arguments: 1-50 characters after trimming (the server trims
 * too). `message` for an empty name; a too long one (an old name being edited) gets the length message.
 */
export function nameError(value: string, message: string): string | null {
  const length = value.trim().length;
  if (length < NAME_MIN) return message;
  return length <= NAME_MAX ? null : MSG.nameLength;
}

/** A task title: 1-255 characters. */
export function titleError(value: string): string | null {
  const length = value.trim().length;
  return length >= 1 && length <= 255 ? null : MSG.taskTitle;
}

const PRICE_MAX = 1_000_000;

/** A price is a positive whole number of UAH (the wire takes whole hryvnias). */
export function parsePrice(value: string): number | null {
  const v = value.trim();
  if (!/^\d{1,7}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 && n <= PRICE_MAX ? n : null;
}

/** Spec 5: the developer picker needs exactly one, else 'Розробник повинен бути лише один'. */
export function exactlyOne<T>(selected: readonly T[], message: string): { ok: true; value: T } | { ok: false; message: string } {
  return selected.length === 1 ? { ok: true, value: selected[0]! } : { ok: false, message };
}

export function isTaskType(v: unknown): v is TaskType {
  return (TASK_TYPES as readonly unknown[]).includes(v);
}

/** A discount percent from the slider, kept inside DISCOUNT_MIN..DISCOUNT_MAX. */
export function clampPercent(v: number): number {
  if (!Number.isFinite(v)) return DISCOUNT_MIN;
  return Math.min(DISCOUNT_MAX, Math.max(DISCOUNT_MIN, Math.round(v)));
}

export const TASK_TYPE_LABEL: Record<TaskType, string> = { REGULAR: 'Звичайне завдання', TEST: 'Тест' };
