import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthAnswer, AuthBody, BanQuery, Course, CourseBody, ErrorBody, RoleBody, RoleParam, TelegramIdParam, User } from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { currentUser } from '../../plugins/auth.js';
import { verifyInitData } from './initdata.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { config, users, tokens }) => {
  app.post(
    '/auth',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Sign in with Telegram initData (the raw string as a JSON string body)',
        body: AuthBody,
        response: { 200: AuthAnswer, ...errors },
      },
    },
    async (request) => {
      const profile = verifyInitData(request.body, config.botToken, config.initDataMaxAge);
      const { user } = await users.signIn(profile);
      const jwt = await tokens.sign({ sub: user.telegramId, roles: user.roles, ban: user.isBanned });
      return { jwt, courseNumber: user.courseNumber };
    },
  );

  app.get(
    '/',
    { config: { access: 'admin' }, schema: { tags: ['users'], summary: 'All users', response: { 200: z.array(User), ...errors } } },
    () => users.list(),
  );

  app.get(
    '/me/course',
    {
      config: { allowBanned: true },
      schema: { tags: ['users'], summary: "The caller's course: 0 until chosen (a banned user too)", response: { 200: Course, ...errors } },
    },
    (request) => users.getCourse(currentUser(request).telegramId),
  );

  app.patch(
    '/me/course',
    { schema: { tags: ['users'], body: CourseBody, response: { 200: Course, ...errors } } },
    async (request) => {
      await users.setCourse(currentUser(request).telegramId, request.body.courseNumber);
      return request.body.courseNumber;
    },
  );

  app.get(
    '/role/:role',
    { config: { access: 'admin' }, schema: { tags: ['users'], params: RoleParam, response: { 200: z.array(User), ...errors } } },
    (request) => users.list({ role: request.params.role }),
  );

  app.get(
    '/search',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Users whose Telegram ID starts with a prefix',
        querystring: z.object({ prefix: z.string().regex(/^\d{0,16}$/).default('') }),
        response: { 200: z.array(User), ...errors },
      },
    },
    (request) => users.list({ prefix: request.query.prefix }),
  );

  app.get(
    '/:telegramId',
    { config: { access: 'admin' }, schema: { tags: ['users'], params: TelegramIdParam, response: { 200: User, ...errors } } },
    (request) => users.get(Number(request.params.telegramId)),
  );

  app.patch(
    '/:telegramId/ban',
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], params: TelegramIdParam, querystring: BanQuery, response: { 200: User, ...errors } },
    },
    (request) => users.setBan(Number(request.params.telegramId), request.query.value, currentUser(request).telegramId),
  );

  app.patch(
    '/:telegramId/roles',
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], params: TelegramIdParam, body: RoleBody, response: { 200: User, ...errors } },
    },
    (request) => users.grantRole(Number(request.params.telegramId), request.body.roleName),
  );
};
