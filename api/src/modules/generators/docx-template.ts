import { MSG, TEMPLATE_ANSWERS_TAG, TEMPLATE_NUMBER_TAG, TEMPLATE_VALUE_TAG } from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import type { BlobStore } from '../../ports/blob-store.js';
import { GenerationError, type GenerationInput, type Generator } from '../../ports/generator.js';
import { generatedFileName } from '../files/index.js';
import { DOCX_MIME } from './docx-skeleton.js';
import { readTemplateRef } from './queries.js';
import type { Sandbox } from './sandbox.js';
import { TemplateBytes, type TemplateBytesLimits } from './template-bytes.js';

export const DOCX_TEMPLATE = 'docx-template';

/** What the template is filled with (the tag convention is in contract/orders.ts). */
export function templateData(input: Pick<GenerationInput, 'type' | 'argumentNames' | 'values'>): Record<string, unknown> {
  const names = input.argumentNames.map((n) => n.trim());
  if (input.type === 'REGULAR') return Object.fromEntries(names.map((n, i) => [n, input.values[i] ?? '']));
  const first = names[0];
  const answers = input.values.map((value, i) => ({
    ...(first ? { [first]: value } : {}),
    [TEMPLATE_NUMBER_TAG]: i + 1,
    [TEMPLATE_VALUE_TAG]: value,
  }));
  return { ...(first ? { [first]: input.values.join('; ') } : {}), [TEMPLATE_ANSWERS_TAG]: answers };
}

/**
 * The template was checked against the task's arguments when it was uploaded. If an admin
 * changed the arguments since, refuse to sell a document with blanks in it.
 */
export function tagsStillFit(tags: string[], input: Pick<GenerationInput, 'type' | 'argumentNames'>): boolean {
  const names = input.argumentNames.map((n) => n.trim());
  if (input.type === 'REGULAR') return tags.length === names.length && names.every((n) => tags.includes(n));
  const allowed = new Set([TEMPLATE_ANSWERS_TAG, TEMPLATE_NUMBER_TAG, TEMPLATE_VALUE_TAG, ...names.slice(0, 1)]);
  return tags.includes(TEMPLATE_ANSWERS_TAG) && tags.every((t) => allowed.has(t));
}

/**
 * Built-in generator: fills the task's uploaded DOCX template with the student's values. The
 * template's row comes with the input when the caller read it (a purchase), else it is read
 * here; its bytes come from the sandbox's workers, which keep the templates they checked, or
 * from `TemplateBytes` on this thread, and only then from the BlobStore.
 */
export function createDocxTemplateGenerator(deps: {
  db: Executor;
  blobs: BlobStore;
  sandbox: Sandbox;
  /** Bounds of this thread's copy of template bytes (TemplateBytes' defaults otherwise). */
  keep?: TemplateBytesLimits;
}): Generator {
  const bytes = new TemplateBytes(deps.blobs, deps.keep);
  return {
    identifier: DOCX_TEMPLATE,
    async generate(input) {
      const template = input.template !== undefined ? input.template : await readTemplateRef(deps.db, input.taskId);
      if (!template) throw new GenerationError(MSG.templateMissingForTask);
      if (!tagsStillFit(template.tags, input)) throw new GenerationError(MSG.templateOutdated);
      let document: Buffer;
      try {
        document = await deps.sandbox.render({ id: template.blobId, bytes: () => bytes.get(template.blobId) }, templateData(input));
      } catch (cause) {
        throw new GenerationError(MSG.generationFailed, { cause });
      }
      return { fileName: generatedFileName(input.taskTitle, '.docx'), mime: DOCX_MIME, bytes: document };
    },
  };
}
