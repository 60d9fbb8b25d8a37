import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IDENTIFIER_DESCRIPTION_MAX, IDENTIFIER_NAME_MAX, Identifier, IdentifierFields, IdentifierPage, IdentifierQuery, IdParam, MSG, Ok, TEMPLATE_MAX_BYTES,
  TEMPLATE_MAX_UNPACKED_BYTES, TaskTemplateInfo, endpoints as ep,
} from '@zalik/contract';
import type { FastifyRequest } from 'fastify';
import type { CoreDeps } from '../../types/deps.js';
import type { Sandbox } from './sandbox.js';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../http/auth.js';
import { invalidateOnWrite } from '../../db/catalogue-cache.js';
import { acceptUploads, binaryFile } from '../../http/multipart-doc.js';
import { receiveOneFile, receiveOptionalFile } from '../files/index.js';
import { saveTemplate, taskForTemplate, templateInfo } from './templates.js';
import { createIdentifier, deleteIdentifier, libraryPage, toIdentifier, updateIdentifier, type LibraryForm } from './identifiers.js';
import { pageFrom, windowOf } from '../../lib/page.js';
import { badRequest } from '../../lib/errors.js';

/** The checker's own workers, apart from the ones that render at purchase. */
type TemplateDeps = CoreDeps & { templateChecker: Sandbox };

/** DOCX templates of auto-generated tasks (`docx-template` generator). */
export const templateRoutes = ({ db, blobs, templateChecker: sandbox }: TemplateDeps): Route[] => [
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
      return saveTemplate({ db, blobs, sandbox }, { task, bytes: file.bytes, fileName, uploaderId: user.telegramId, byAdmin: user.isAdmin });
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

/** A library form: `name`, `description` and at most one `file` (a DOCX), each checked. */
async function libraryForm(request: FastifyRequest): Promise<LibraryForm> {
  const { file, fields } = await receiveOptionalFile(request, {
    fileFields: ['file'],
    maxFileBytes: TEMPLATE_MAX_BYTES,
    textFields: { name: IDENTIFIER_NAME_MAX, description: IDENTIFIER_DESCRIPTION_MAX },
    messages: { required: MSG.identifierRequired, tooMany: MSG.templateRequired, tooBig: MSG.templateTooBig, textTooLong: MSG.textTooLong(IDENTIFIER_DESCRIPTION_MAX) },
  });
  const parsed = IdentifierFields.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MSG.badRequest);
  return { ...parsed.data, ...(file ? { file } : {}) };
}

const libraryDoc = z.object({
  name: z.string().max(IDENTIFIER_NAME_MAX).optional(),
  description: z.string().max(IDENTIFIER_DESCRIPTION_MAX).optional(),
  file: binaryFile('The DOCX template').optional(),
});

/** The template library ("identifiers"): admins keep templates that several tasks share. */
export const identifierRoutes = ({ db, blobs, generators, templateChecker: sandbox }: TemplateDeps): Route[] => {
  const deps = { db, blobs, generators, sandbox };
  return [
    route(ep.listIdentifiers, { query: IdentifierQuery, answer: IdentifierPage }, async (request) => {
      const page = { page: request.query.page, limit: request.query.limit };
      return pageFrom((await libraryPage(db, windowOf(page))).map(toIdentifier), page);
    }),
    route(
      ep.createIdentifier,
      { body: 'multipart', answer: Identifier },
      async (request) => createIdentifier(deps, await libraryForm(request), currentUser(request).telegramId),
      { multipartDoc: libraryDoc, description: 'multipart/form-data: `name`, `description`, and a `file` (DOCX) or, without a file, a built-in generator\'s name.' },
    ),
    route(
      ep.updateIdentifier,
      { params: IdParam, body: 'multipart', answer: Identifier },
      async (request) =>
        updateIdentifier(deps, Number(request.params.id), request.isMultipart() ? await libraryForm(request) : null, currentUser(request).telegramId),
      { multipartDoc: libraryDoc, description: 'multipart/form-data with what changes; no body: the stored file is checked again and its tags refreshed.' },
    ),
    route(ep.deleteIdentifier, { params: IdParam, answer: Ok }, async (request) => {
      await deleteIdentifier(deps, Number(request.params.id), currentUser(request).telegramId);
      return { ok: true as const };
    }),
  ];
};

/** Templates are uploads, and a new one flips its task's `hasTemplate` in the catalogue's lists. */
export async function templatesScope(scope: FastifyInstance, deps: TemplateDeps): Promise<void> {
  await acceptUploads(scope);
  invalidateOnWrite(scope, deps.catalogue, ['task_templates', 'identifiers']);
}
