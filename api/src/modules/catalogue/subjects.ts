import { CourseParam, IdParam, Ok, Subject, SubjectCreate, SubjectList, SubjectPatch, endpoints as ep } from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { renderJson, sendJson } from './common.js';
import * as q from './subjects.queries.js';

/** A course's subjects as rendered JSON, from the catalogue cache (the route's answer, and the server-rendered first screen's). */
export const subjectsJson = ({ db, catalogue }: Pick<AppDeps, 'db' | 'catalogue'>, n: number): Promise<Buffer> =>
  catalogue.read(`subjects:${n}`, ['subjects'], async () => renderJson(SubjectList, await q.listSubjects(db, n)));

/** A course's subjects; the list is served from the catalogue cache as rendered JSON. */
export const subjectsRoutes = (deps: AppDeps): Route[] => {
  const { db } = deps;
  return [
    route(ep.subjectsOfCourse, { params: CourseParam, answer: SubjectList }, async (request, reply) => sendJson(reply, await subjectsJson(deps, request.params.n))),

    route(ep.createSubject, { body: SubjectCreate, answer: Subject }, (request) => q.insertSubject(db, request.body)),

    route(ep.updateSubject, { params: IdParam, body: SubjectPatch, answer: Subject }, (request) => q.updateSubject(db, Number(request.params.id), request.body)),

    route(ep.deleteSubject, { params: IdParam, answer: Ok }, async (request) => {
      await q.archiveSubject(db, Number(request.params.id));
      return { ok: true as const };
    }),
  ];
};
