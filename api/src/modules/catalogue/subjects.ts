import { CATALOGUE_PAGE_SIZE, CourseParam, IdParam, Ok, PageQuery, Subject, SubjectCreate, SubjectList, SubjectListOrPage, SubjectPatch, SubjectUpdate, asksForPage, endpoints as ep } from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { pageOfRows, renderJson, sendJson } from './common.js';
import * as q from './subjects.queries.js';
import { deletedByAdmin } from './audited.js';
import { currentUser } from '../../http/auth.js';

/** A course's subjects as rendered JSON, from the catalogue cache (the route's answer, and the server-rendered first screen's). */
export const subjectsJson = ({ db, catalogue }: Pick<CoreDeps, 'db' | 'catalogue'>, n: number): Promise<Buffer> =>
  catalogue.read(`subjects:${n}`, ['subjects'], async () => renderJson(SubjectList, await q.listSubjects(db, n)));

/** A course's subjects as rows, from the catalogue cache (pages are cut from them). */
const subjectRows = ({ db, catalogue }: Pick<CoreDeps, 'db' | 'catalogue'>, n: number) => catalogue.read(`subject-rows:${n}`, ['subjects'], () => q.listSubjects(db, n));

/** A course's subjects; the whole list is served from the catalogue cache as rendered JSON, a page is cut from its rows. */
export const subjectsRoutes = (deps: CoreDeps): Route[] => {
  const { db } = deps;
  return [
    route(ep.subjectsOfCourse, { params: CourseParam, query: PageQuery, answer: SubjectListOrPage }, async (request, reply) => {
      const { n } = request.params;
      if (!asksForPage(request.query)) return sendJson(reply, await subjectsJson(deps, n));
      return pageOfRows(await subjectRows(deps, n), request.query.page ?? 0, request.query.limit ?? CATALOGUE_PAGE_SIZE);
    }),

    route(ep.createSubject, { body: SubjectCreate, answer: Subject }, (request) => q.insertSubject(db, request.body)),

    route(ep.updateSubject, { params: IdParam, body: SubjectPatch, answer: Subject }, (request) => q.updateSubject(db, Number(request.params.id), request.body)),

    route(ep.putSubject, { body: SubjectUpdate, answer: Subject }, (request) => {
      const { id, ...subject } = request.body;
      return q.updateSubject(db, Number(id), subject);
    }),

    route(ep.deleteSubject, { params: IdParam, answer: Ok }, async (request) => {
      const id = Number(request.params.id);
      await deletedByAdmin(db, currentUser(request).telegramId, `subject:${id}`, (tx) => q.archiveSubject(tx, id));
      return { ok: true as const };
    }),
  ];
};
