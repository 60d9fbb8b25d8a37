import { IdParam, MSG, Ok, SubjectParam, Teacher, TeacherCreate, TeacherList, TeacherUpdate, TeacherUpdateById, endpoints as ep } from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import { renderJson, sendJson } from './common.js';
import * as q from './teachers.queries.js';
import { deletedByAdmin } from './audited.js';
import { currentUser } from '../../http/auth.js';

/** A subject's teachers; the list is served from the catalogue cache as rendered JSON. */
export const teachersRoutes = ({ db, catalogue }: CoreDeps): Route[] => [
  route(ep.teachersOfSubject, { params: SubjectParam, answer: TeacherList }, async (request, reply) => {
    const subjectId = Number(request.params.subjectId);
    const body = await catalogue.read(`teachers:${subjectId}`, ['subjects', 'teachers'], async () => {
      const list = await q.listTeachers(db, subjectId);
      return list && renderJson(TeacherList, list);
    });
    if (!body) throw notFound(MSG.subjectNotFound);
    return sendJson(reply, body);
  }),

  route(ep.createTeacher, { body: TeacherCreate, answer: Teacher }, (request) => {
    const { name, subjectId } = request.body;
    return q.insertTeacher(db, { name, subjectId: Number(subjectId) });
  }),

  route(ep.updateTeacher, { params: IdParam, body: TeacherUpdate, answer: Teacher }, (request) =>
    q.renameTeacher(db, Number(request.params.id), request.body.name),
  ),

  route(ep.putTeacher, { body: TeacherUpdateById, answer: Teacher }, (request) => q.renameTeacher(db, Number(request.body.id), request.body.name)),

  route(ep.deleteTeacher, { params: IdParam, answer: Ok }, async (request) => {
    const id = Number(request.params.id);
    await deletedByAdmin(db, currentUser(request).telegramId, `teacher:${id}`, (tx) => q.archiveTeacher(tx, id));
    return { ok: true as const };
  }),
];
