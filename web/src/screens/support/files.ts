import { MSG, SUPPORT_MAX_FILE_BYTES, SUPPORT_MAX_FILES } from '@zalik/contract';
import type { FilesPick } from '../../lib/files';


const same = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Adds picked files to the chosen ones under the spec's limits, checked here before the
 * server checks them again: a file over SUPPORT_MAX_FILE_BYTES is left out, and a pick that
 * would make more than SUPPORT_MAX_FILES files is refused as a whole.
 */
export function addSupportFiles(current: File[], picked: File[]): FilesPick {
  const fresh = picked.filter((f) => !current.some((c) => same(c, f)));
  const fitting = fresh.filter((f) => f.size <= SUPPORT_MAX_FILE_BYTES);
  if (current.length + fitting.length > SUPPORT_MAX_FILES) return { files: current, problem: MSG.supportTooManyFiles };
  return {
    files: [...current, ...fitting],
    problem: fitting.length < fresh.length ? MSG.supportFileTooBig : undefined,
  };
}

/** The same limits for what is about to be sent (a last check, whatever filled the list). */
export function supportFilesProblem(files: File[]): string | undefined {
  if (files.length > SUPPORT_MAX_FILES) return MSG.supportTooManyFiles;
  if (files.some((f) => f.size > SUPPORT_MAX_FILE_BYTES)) return MSG.supportFileTooBig;
  return undefined;
}
