import {
  AllUsersQuery, AuthAnswer, AuthBody, BanQuery, Course, CourseBody, RoleBody, RoleParam, RoleRevokeParam, TelegramIdParam, ToggleBanQuery, ToggleRoleBody, User,
  UserListOrPage, UserListQuery,
  UserSearchQuery, USER_PAGE_SIZE, asksForPage, endpoints as ep,
} from '@zalik/contract';
import type { FastifyReply } from 'fastify';
import type { CoreDeps } from '../../types/deps.js';
import type { MaintenanceService } from '../maintenance/index.js';
import type { UsersService } from './service.js';
import { sendJsonArray } from '../../http/json-stream.js';
import type { UserFilter } from './service.js';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../http/auth.js';
import { verifyInitData } from './initdata.js';
import { firstScreenCookieOf } from '../../http/first-screen-cookie.js';


export const usersRoutes = ({ config, users, tokens, maintenance }: CoreDeps & { users: UsersService; maintenance: MaintenanceService }): Route[] => {
  const firstScreen = firstScreenCookieOf(config);
  /**
   * 1.8.7 reads whole lists: a request naming neither `page` nor `limit` gets every match as a
   * plain array, streamed (http/json-stream.ts); one naming either gets one page `{content, last}`.
   */
  const listOf = (reply: FastifyReply, filter: UserFilter, query: { page?: number; limit?: number }) =>
    asksForPage(query)
      ? users.page(filter, { page: query.page ?? 0, limit: query.limit ?? USER_PAGE_SIZE })
      : sendJsonArray(reply, users.batches(filter));
  return [
    route(ep.signIn, { body: AuthBody, answer: AuthAnswer }, async (request, reply) => {
      const profile = verifyInitData(request.body, config.botToken, config.initDataMaxAge);
      const { user } = await users.signIn(profile);
      // During maintenance every call but an admin's answers 503, so the token opens nothing
      // until it ends; it is still given, because the newest client only shows its tech-work
      // screen after a sign-in (it asks GET /maintenance/status with the token). The answer
      // names the maintenance, so Zalik's app shows its screen at launch as before.
      const down = user.roles.includes('ROLE_ADMIN') ? null : await maintenance.status();
      const jwt = await tokens.sign({ sub: user.telegramId, roles: user.roles, ban: user.isBanned, courseNumber: user.courseNumber });
      // The next open's HTML carries this student's subject list (plugins/first-screen.ts).
      reply.header('set-cookie', firstScreen.issue({ course: user.courseNumber, telegramId: Number(user.telegramId) }));
      return { jwt, courseNumber: user.courseNumber, ...(down?.enabled ? { maintenance: down.message } : {}) };
    }),

    route(ep.listUsers, { query: AllUsersQuery, answer: UserListOrPage }, (request, reply) =>
      listOf(reply, request.query.role_name ? { role: request.query.role_name } : {}, request.query),
    ),

    route(ep.myCourse, { answer: Course }, (request) => users.getCourse(currentUser(request).telegramId)),

    ...[ep.setMyCourse, ep.setCourseNumber].map((e) =>
      route(e, { body: CourseBody, answer: Course }, async (request, reply) => {
        const { telegramId } = currentUser(request);
        await users.setCourse(telegramId, request.body.courseNumber);
        reply.header('set-cookie', firstScreen.issue({ course: request.body.courseNumber, telegramId }));
        return request.body.courseNumber;
      }),
    ),

    route(ep.usersByRole, { params: RoleParam, query: UserListQuery, answer: UserListOrPage }, (request, reply) =>
      listOf(reply, { role: request.params.role }, request.query),
    ),

    route(ep.searchUsers, { query: UserSearchQuery, answer: UserListOrPage }, (request, reply) =>
      listOf(reply, { prefix: request.query.prefix, username: request.query.username }, request.query),
    ),

    route(ep.getUser, { params: TelegramIdParam, answer: User }, (request) => users.get(Number(request.params.telegramId))),

    route(ep.banUser, { params: TelegramIdParam, query: BanQuery, answer: User }, (request) =>
      users.setBan(Number(request.params.telegramId), request.query.value, currentUser(request).telegramId),
    ),

    route(ep.grantRole, { params: TelegramIdParam, body: RoleBody, answer: User }, (request) =>
      users.grantRole(Number(request.params.telegramId), request.body.roleName, currentUser(request).telegramId),
    ),

    route(ep.revokeRole, { params: RoleRevokeParam, answer: User }, (request) =>
      users.revokeRole(Number(request.params.telegramId), request.params.role, currentUser(request).telegramId),
    ),

    route(ep.toggleBan, { query: ToggleBanQuery, answer: User }, (request) =>
      users.setBan(Number(request.query.telegramId), request.query.value, currentUser(request).telegramId),
    ),

    route(ep.toggleRole, { body: ToggleRoleBody, answer: User }, (request) =>
      users.toggleRole(Number(request.body.telegramId), request.body.roleName, currentUser(request).telegramId),
    ),
  ];
};
