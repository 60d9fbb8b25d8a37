import { MSG, SUPPORT_MAX_FILE_BYTES, SUPPORT_MAX_FILES } from '@zalik/contract';
import { addLimitedFiles, limitedFilesProblem, type FileLimits, type FilesPick } from '../../lib/files';

/** The spec's limits of a support message's files. */
const LIMITS: FileLimits = { maxFiles: SUPPORT_MAX_FILES, maxBytes: SUPPORT_MAX_FILE_BYTES, tooMany: MSG.supportTooManyFiles, tooBig: MSG.supportFileTooBig };

export const addSupportFiles = (current: File[], picked: File[]): FilesPick => addLimitedFiles(current, picked, LIMITS);
export const supportFilesProblem = (files: File[]): string | undefined => limitedFilesProblem(files, LIMITS);
