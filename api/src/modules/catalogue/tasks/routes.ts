import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, MSG, Ok, Task, TaskCreate, TaskPatch, TeacherParam } from '@zalik/contract';
import type { AppDeps } from '../../../app.js';
import { notFound } from '../../../lib/errors.js';
import { currentUser } from '../../../plugins/auth.js';
import { adminOnly, errors, sendJson } from '../common.js';
import { teacherTaskList } from './list.js';
import { archiveTask, createTask, patchTask } from './write.js';

/** /api/v1/tasks (the purchase, POST /tasks/process, belongs to the orders area). */
export const tasksRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, catalogue, generators }) => {
  app.get(
    '/teacher/:teacherId',
    {
      schema: {
        tags: ['tasks'],
        summary: "A teacher's tasks; hidden ones only for admins; `discount` is the caller's",
        params: TeacherParam,
        response: { 200: z.array(Task), ...errors },
      },
    },
    async (request, reply) => {
      const list = await teacherTaskList(db, catalogue, Number(request.params.teacherId));
      if (!list) throw notFound(MSG.teacherNotFound);
      return sendJson(reply, list.body(currentUser(request)));
    },
  );

  app.post(
    '/task',
    { config: adminOnly, schema: { tags: ['tasks'], body: TaskCreate, response: { 201: Task, ...errors } } },
    async (request, reply) => reply.status(201).send(await createTask(db, request.body, currentUser(request), generators)),
  );

  app.patch(
    '/:id',
    {
      config: adminOnly,
      schema: { tags: ['tasks'], summary: '`""` or a missing field keeps its value', params: IdParam, body: TaskPatch, response: { 200: Task, ...errors } },
    },
    (request) => patchTask(db, Number(request.params.id), request.body, currentUser(request), generators),
  );

  app.delete(
    '/:id',
    {
      config: adminOnly,
      schema: { tags: ['tasks'], summary: 'Archives the task; histories keep reading it', params: IdParam, response: { 200: Ok, ...errors } },
    },
    async (request) => {
      await archiveTask(db, Number(request.params.id));
      return { ok: true as const };
    },
  );
};
