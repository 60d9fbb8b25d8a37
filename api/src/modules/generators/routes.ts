import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParam, MSG, TEMPLATE_MAX_BYTES, TEMPLATE_MAX_UNPACKED_BYTES, TaskTemplateInfo, endpoints as ep } from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import { invalidateOnWrite } from '../catalogue/cache.js';
import { acceptUploads, binaryFile } from '../files/multipart-doc.js';
import { receiveOneFile } from '../files/upload.js';
import { saveTemplate, taskForTemplate, templateInfo } from './templates.js';

/** DOCX templates of auto-generated tasks (`docx-template` generator). */
export const templateRoutes = ({ db, blobs, templateChecker: sandbox }: AppDeps): Route[] => [
  route(
    ep.uploadTemplate,
    { params: IdParam, body: 'multipart', answer: TaskTemplateInfo },
    async (request) => {
      const user = currentUser(request);
      const task = await taskForTemplate(db, Number(request.params.id), user);
      const { file } = await receiveOneFile(request, {
        fileFields: ['file'],
        maxFileBytes: TEMPLATE_MAX_BYTES,
        textFields: {},
        messages: { required: MSG.templateRequired, tooMany: MSG.templateRequired, tooBig: MSG.templateTooBig, textTooLong: MSG.badRequest },
      });
      const fileName = file.fileName.toLowerCase().endsWith('.docx') ? file.fileName : `${file.fileName}.docx`;
      return saveTemplate({ db, blobs, sandbox }, { task, bytes: file.bytes, fileName, uploaderId: user.telegramId });
    },
    {
      multipartDoc: z.object({ file: binaryFile('The DOCX template') }),
      description:
        `multipart/form-data with one \`file\` part (DOCX, at most 10 MB, its parts at most ${TEMPLATE_MAX_UNPACKED_BYTES / 1024 / 1024} MB unpacked). ` +
        'The template is compiled without an expression parser, off the API thread with a time and memory limit, ' +
        'and its tags must match the task: REGULAR — one `{Argument name}` per argument; TEST — `{#answers}{number}. {value}{/answers}` ' +
        "(inside the loop the first argument's name is the same as `value`, outside it all answers joined by `; `). " +
        'Replaces the previous template.',
    },
  ),

  route(ep.getTemplate, { params: IdParam, answer: TaskTemplateInfo }, async (request) => {
    const task = await taskForTemplate(db, Number(request.params.id), currentUser(request));
    return templateInfo(db, task.id);
  }),
];

/** Templates are uploads, and a new one flips its task's `hasTemplate` in the catalogue's lists. */
export async function templatesScope(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  await acceptUploads(scope);
  invalidateOnWrite(scope, deps.catalogue, ['task_templates']);
}
