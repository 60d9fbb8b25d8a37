import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, IdParam, MSG, TEMPLATE_MAX_BYTES, TEMPLATE_MAX_UNPACKED_BYTES, TaskTemplateInfo } from '@zalik/contract';
import type { AppDeps } from '../../app.js';
import { currentUser } from '../../plugins/auth.js';
import { binaryFile, multipartValidator } from '../files/multipart-doc.js';
import { receiveOneFile } from '../files/upload.js';
import { saveTemplate, taskForTemplate, templateInfo } from './templates.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody };

/** DOCX templates of auto-generated tasks (`docx-template` generator). */
export const templateRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, blobs, templateChecker: sandbox }) => {

  app.put(
    '/tasks/:id/template',
    {
      validatorCompiler: multipartValidator,
      schema: {
        tags: ['tasks'],
        summary: 'Upload the DOCX template of an auto-generated task (admin or the task developer)',
        description:
          `multipart/form-data with one \`file\` part (DOCX, at most 10 MB, its parts at most ${TEMPLATE_MAX_UNPACKED_BYTES / 1024 / 1024} MB unpacked). ` +
          'The template is compiled without an expression parser, off the API thread with a time and memory limit, ' +
          'and its tags must match the task: REGULAR — one `{Argument name}` per argument; TEST — `{#answers}{number}. {value}{/answers}` ' +
          "(inside the loop the first argument's name is the same as `value`, outside it all answers joined by `; `). " +
          'Replaces the previous template.',
        consumes: ['multipart/form-data'],
        params: IdParam,
        body: z.object({ file: binaryFile('The DOCX template') }),
        response: { 200: TaskTemplateInfo, ...errors },
      },
    },
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
  );

  app.get(
    '/tasks/:id/template',
    {
      schema: {
        tags: ['tasks'],
        summary: "The task's DOCX template: file name, tags, upload time (admin or the task developer)",
        params: IdParam,
        response: { 200: TaskTemplateInfo, ...errors },
      },
    },
    async (request) => {
      const task = await taskForTemplate(db, Number(request.params.id), currentUser(request));
      return templateInfo(db, task.id);
    },
  );
};
