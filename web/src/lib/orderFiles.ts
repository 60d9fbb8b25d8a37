import { MSG, ORDER_MAX_FILES, ORDER_MAX_FILE_BYTES } from '@zalik/contract';

/**
 * An order's answer files (the developer's delivery, an admin's replacement) under the server's
 * limits, checked before a byte is sent: the message to show, or null.
 */
export function deliveryProblem(files: readonly File[]): string | null {
  if (files.length === 0) return MSG.filesRequired;
  if (files.length > ORDER_MAX_FILES) return MSG.tooManyOrderFiles;
  if (files.some((f) => f.size > ORDER_MAX_FILE_BYTES)) return MSG.orderFileTooBig;
  return null;
}

/**
 * Adds picked files to the chosen ones: too big files are left out, and nothing is added past
 * ORDER_MAX_FILES. Returns the new list and what to tell the developer, if anything.
 */
export function addFiles(current: readonly File[], picked: readonly File[]): { files: File[]; problem: string | null } {
  const fitting = picked.filter((f) => f.size <= ORDER_MAX_FILE_BYTES);
  let problem: string | null = fitting.length < picked.length ? MSG.orderFileTooBig : null;
  const room = ORDER_MAX_FILES - current.length;
  if (fitting.length > room) problem = MSG.tooManyOrderFiles;
  return { files: [...current, ...fitting.slice(0, Math.max(0, room))], problem };
}
