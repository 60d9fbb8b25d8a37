import {
  CATALOGUE_PAGE_SIZE, IdParam, MSG, Ok, Task, TaskCreate, TaskListOrPage, TaskListQuery, TaskPatch, TaskPickList, TaskSearchQuery, TaskUpdate, TeacherParam, asksForPage,
  endpoints as ep,
} from '@zalik/contract';
import type { CoreDeps } from '../../../types/deps.js';
import { route, type Route } from '../../../http/route.js';
import { notFound } from '../../../lib/errors.js';
import { currentUser } from '../../../http/auth.js';
import { clock } from '../../../lib/clock.js';
import { sendJson } from '../common.js';
import { teacherTaskList } from './list.js';
import { searchTasks } from './search.js';
import { archiveTask, createTask, patchTask } from './write.js';
import { deletedByAdmin } from '../audited.js';

/** A teacher's tasks (the purchase, POST /tasks/process, belongs to the orders area). */
export const tasksRoutes = ({ db, catalogue, generators }: CoreDeps): Route[] => [
  route(ep.tasksOfTeacher, { params: TeacherParam, query: TaskListQuery, answer: TaskListOrPage }, async (request, reply) => {
    const list = await teacherTaskList(db, catalogue, Number(request.params.teacherId));
    if (!list) throw notFound(MSG.teacherNotFound);
    const { page, limit, sort } = request.query;
    const at = clock.now().getTime();
    if (asksForPage(request.query)) return sendJson(reply, list.page(currentUser(request), at, page ?? 0, limit ?? CATALOGUE_PAGE_SIZE, sort));
    return sendJson(reply, list.body(currentUser(request), at, sort));
  }),

  route(ep.searchTasks, { query: TaskSearchQuery, answer: TaskPickList }, (request) => searchTasks(db, request.query)),

  route(ep.createTask, { body: TaskCreate, answer: Task }, (request) =>
    createTask(db, request.body, currentUser(request), generators),
  ),

  route(ep.updateTask, { params: IdParam, body: TaskPatch, answer: Task }, (request) =>
    patchTask(db, Number(request.params.id), request.body, currentUser(request), generators),
  ),

  // The whole task as the newest client's form holds it: the same rules as the PATCH.
  route(ep.putTask, { body: TaskUpdate, answer: Task }, (request) => {
    const { id, arguments: args, identifierId, ...task } = request.body;
    return patchTask(db, Number(id), { ...task, visible: task.visible ?? undefined, args, identifierId: identifierId ?? undefined }, currentUser(request), generators);
  }),

  route(ep.deleteTask, { params: IdParam, answer: Ok }, async (request) => {
    const id = Number(request.params.id);
    await deletedByAdmin(db, currentUser(request).telegramId, `task:${id}`, (tx) => archiveTask(tx, id));
    return { ok: true as const };
  }),
];
