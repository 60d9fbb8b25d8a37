import { MSG, ORDER_FILE_EXTENSIONS, ORDER_MAX_FILES, ORDER_MAX_FILE_BYTES, orderFileExtension } from '@zalik/contract';

/** The server's refusal of a file it would not take by its name (the first such), or null. */
export function fileTypeProblem(files: readonly File[]): string | null {
  const refused = files.find((f) => orderFileExtension(f.name) === null);
  return refused ? MSG.fileTypeUnsupported(refused.name, ORDER_FILE_EXTENSIONS) : null;
}

/**
 * An order's answer files (the developer's delivery, an admin's replacement) under the server's
 * limits, checked before a byte is sent: the message to show, or null.
 */
export function deliveryProblem(files: readonly File[]): string | null {
  if (files.length === 0) return MSG.filesRequired;
  if (files.length > ORDER_MAX_FILES) return MSG.tooManyOrderFiles;
  if (files.some((f) => f.size > ORDER_MAX_FILE_BYTES)) return MSG.orderFileTooBig;
  return fileTypeProblem(files);
}

/**
 * Adds picked files to the chosen ones: too big files and files of a type the server refuses are
 * left out, and nothing is added past ORDER_MAX_FILES. Returns the new list and what to tell the
 * developer, if anything.
 */
export function addFiles(current: readonly File[], picked: readonly File[]): { files: File[]; problem: string | null } {
  const typed = picked.filter((f) => orderFileExtension(f.name) !== null);
  const fitting = typed.filter((f) => f.size <= ORDER_MAX_FILE_BYTES);
  let problem: string | null = fitting.length < typed.length ? MSG.orderFileTooBig : fileTypeProblem(picked);
  const room = ORDER_MAX_FILES - current.length;
  if (fitting.length > room) problem = MSG.tooManyOrderFiles;
  return { files: [...current, ...fitting.slice(0, Math.max(0, room))], problem };
}
