import { AuthAnswer, AuthBody, BanQuery, Course, CourseBody, RoleBody, RoleParam, TelegramIdParam, User, UserList, UserListQuery, UserSearchQuery, USER_PAGE_SIZE, endpoints as ep } from '@zalik/contract';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../types/deps.js';
import { sendJsonArray } from '../../http/json-stream.js';
import type { UserFilter } from './service.js';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import { verifyInitData } from './initdata.js';
import { assertNotInMaintenance } from '../maintenance/service.js';
import { firstScreenCookieOf } from '../../http/first-screen-cookie.js';

/** Existing clients read whole lists: only a request naming `page` or `limit` gets one page. */
const pageOf = (q: { page?: number; limit?: number }) =>
  q.page === undefined && q.limit === undefined ? undefined : { page: q.page ?? 0, limit: q.limit ?? USER_PAGE_SIZE };

export const usersRoutes = ({ config, users, tokens, maintenance }: AppDeps): Route[] => {
  const firstScreen = firstScreenCookieOf(config);
  /** One page when asked for; otherwise every match, streamed (http/json-stream.ts). */
  const listOf = (reply: FastifyReply, filter: UserFilter, query: { page?: number; limit?: number }) => {
    const page = pageOf(query);
    return page ? users.list({ ...filter, page }) : sendJsonArray(reply, users.batches(filter));
  };
  return [
    route(ep.signIn, { body: AuthBody, answer: AuthAnswer }, async (request, reply) => {
      const profile = verifyInitData(request.body, config.botToken, config.initDataMaxAge);
      const { user } = await users.signIn(profile);
      // During maintenance only admins get a session; everyone else learns why at launch.
      await assertNotInMaintenance(maintenance, user.roles.includes('ROLE_ADMIN'));
      const jwt = await tokens.sign({ sub: user.telegramId, roles: user.roles, ban: user.isBanned });
      // The next open's HTML carries this student's subject list (plugins/first-screen.ts).
      reply.header('set-cookie', firstScreen.issue({ course: user.courseNumber, telegramId: Number(user.telegramId) }));
      return { jwt, courseNumber: user.courseNumber };
    }),

    route(ep.listUsers, { query: UserListQuery, answer: UserList }, (request, reply) => listOf(reply, {}, request.query)),

    route(ep.myCourse, { answer: Course }, (request) => users.getCourse(currentUser(request).telegramId)),

    route(ep.setMyCourse, { body: CourseBody, answer: Course }, async (request, reply) => {
      const { telegramId } = currentUser(request);
      await users.setCourse(telegramId, request.body.courseNumber);
      reply.header('set-cookie', firstScreen.issue({ course: request.body.courseNumber, telegramId }));
      return request.body.courseNumber;
    }),

    route(ep.usersByRole, { params: RoleParam, query: UserListQuery, answer: UserList }, (request, reply) =>
      listOf(reply, { role: request.params.role }, request.query),
    ),

    route(ep.searchUsers, { query: UserSearchQuery, answer: UserList }, (request, reply) =>
      listOf(reply, { prefix: request.query.prefix, username: request.query.username }, request.query),
    ),

    route(ep.getUser, { params: TelegramIdParam, answer: User }, (request) => users.get(Number(request.params.telegramId))),

    route(ep.banUser, { params: TelegramIdParam, query: BanQuery, answer: User }, (request) =>
      users.setBan(Number(request.params.telegramId), request.query.value, currentUser(request).telegramId),
    ),

    route(ep.grantRole, { params: TelegramIdParam, body: RoleBody, answer: User }, (request) =>
      users.grantRole(Number(request.params.telegramId), request.body.roleName),
    ),
  ];
};
