import { sql } from 'drizzle-orm';
import { MSG, TEMPLATE_ANSWERS_TAG, TEMPLATE_NUMBER_TAG, TEMPLATE_VALUE_TAG } from '@zalik/contract';
import { row, type Executor } from '../../db/client.js';
import type { BlobStore } from '../../ports/blob-store.js';
import { GenerationError, type GenerationInput, type Generator } from '../../ports/generator.js';
import { generatedFileName } from '../files/names.js';
import { DOCX_MIME } from './docx-skeleton.js';
import type { Sandbox } from './sandbox.js';

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

/** Built-in generator: fills the task's uploaded DOCX template with the student's values. */
export function createDocxTemplateGenerator(deps: { db: Executor; blobs: BlobStore; sandbox: Sandbox }): Generator {
  return {
    identifier: DOCX_TEMPLATE,
    async generate(input) {
      const template = await row<{ blob_id: string; tags: string[] | string }>(
        deps.db,
        sql`SELECT blob_id, tags FROM task_templates WHERE task_id = ${input.taskId}`,
      );
      if (!template) throw new GenerationError(MSG.templateMissingForTask);
      const tags = typeof template.tags === 'string' ? (JSON.parse(template.tags) as string[]) : template.tags;
      if (!tagsStillFit(tags, input)) throw new GenerationError(MSG.templateOutdated);
      let bytes: Buffer;
      try {
        bytes = await deps.sandbox.render(await deps.blobs.get(template.blob_id), templateData(input));
      } catch (cause) {
        throw new GenerationError(MSG.generationFailed, { cause });
      }
      return { fileName: generatedFileName(input.taskTitle, '.docx'), mime: DOCX_MIME, bytes };
    },
  };
}
