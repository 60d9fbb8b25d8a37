import { IdParam, MSG, Ok, Task, TaskCreate, TaskList, TaskPatch, TaskPickList, TaskSearchQuery, TeacherParam, endpoints as ep } from '@zalik/contract';
import type { AppDeps } from '../../../types/deps.js';
import { route, type Route } from '../../../http/route.js';
import { notFound } from '../../../lib/errors.js';
import { currentUser } from '../../../plugins/auth.js';
import { clock } from '../../../lib/clock.js';
import { sendJson } from '../common.js';
import { teacherTaskList } from './list.js';
import { searchTasks } from './search.js';
import { archiveTask, createTask, patchTask } from './write.js';

/** A teacher's tasks (the purchase, POST /tasks/process, belongs to the orders area). */
export const tasksRoutes = ({ db, catalogue, generators }: AppDeps): Route[] => [
  route(ep.tasksOfTeacher, { params: TeacherParam, answer: TaskList }, async (request, reply) => {
    const list = await teacherTaskList(db, catalogue, Number(request.params.teacherId));
    if (!list) throw notFound(MSG.teacherNotFound);
    return sendJson(reply, list.body(currentUser(request), clock.now().getTime()));
  }),

  route(ep.searchTasks, { query: TaskSearchQuery, answer: TaskPickList }, (request) => searchTasks(db, request.query)),

  route(ep.createTask, { body: TaskCreate, answer: Task }, (request) =>
    createTask(db, request.body, currentUser(request), generators),
  ),

  route(ep.updateTask, { params: IdParam, body: TaskPatch, answer: Task }, (request) =>
    patchTask(db, Number(request.params.id), request.body, currentUser(request), generators),
  ),

  route(ep.deleteTask, { params: IdParam, answer: Ok }, async (request) => {
    await archiveTask(db, Number(request.params.id));
    return { ok: true as const };
  }),
];
