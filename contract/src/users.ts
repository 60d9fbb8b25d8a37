import { z } from 'zod';
import { COURSES, GRANTABLE_ROLES, ROLES } from './constants.js';
import { ID_PATTERN, Id, IntInput, IsoDate, PageQuery, SearchText, pageOf } from './common.js';
import { MSG } from './messages.js';

export const AuthBody = z.string({ error: MSG.initDataMissing }).min(1, { error: MSG.initDataMissing });
/**
 * `jwt` is the contract; `courseNumber` rides along so the first screen needs no second
 * round trip to /me/course (0 until the student has chosen a course). `maintenance` (the
 * admin's message) is there only while a non-admin signs in during maintenance: the token
 * opens nothing until it ends, but the newest client needs one to ask for its tech-work screen.
 */
export const AuthAnswer = z.object({ jwt: z.string(), courseNumber: z.number().int(), maintenance: z.string().optional() });

export const JwtClaims = z.object({
  sub: z.string(),
  roles: z.array(z.enum(ROLES)),
  ban: z.boolean(),
  /**
   * The course at sign-in (0 until chosen): the product's newest client decides from it whether
   * to show the course screen. Optional when read, so a token signed before it stays valid.
   */
  courseNumber: z.number().int().optional(),
  iat: z.number().optional(),
  exp: z.number().optional(),
});
export type JwtClaims = z.infer<typeof JwtClaims>;

export const User = z.object({
  telegramId: Id,
  username: z.string(),
  photo: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  courseNumber: z.number().int(),
  createdAt: IsoDate,
  isBanned: z.boolean(),
  /** The same flag under the name the product's newest client reads. */
  banned: z.boolean(),
  roles: z.array(z.enum(ROLES)),
});
export type User = z.infer<typeof User>;
export const UserList = z.array(User);
/** A user list's answer: the whole list as a plain array, or one page `{content, last}` when `page`/`limit` were sent. */
export const UserListOrPage = z.union([UserList, pageOf(User)]);

export const Course = z.number().int().min(0).max(COURSES.length);
export const CourseBody = z.object({
  courseNumber: IntInput(MSG.courseRange).pipe(z.number().min(1, { error: MSG.courseRange }).max(COURSES.length, { error: MSG.courseRange })),
});

export const RoleParam = z.object({ role: z.enum(ROLES, { error: MSG.roleUnknown }) });
export const TelegramIdParam = z.object({
  telegramId: z.string().regex(ID_PATTERN, { error: MSG.userNotFound }),
});
export const SubjectIdParam = z.object({ subjectId: z.string().regex(ID_PATTERN, { error: MSG.notFound }) });
export const BanQuery = z.object({ value: z.enum(['true', 'false'], { error: MSG.badRequest }).transform((v) => v === 'true') });
/**
 * `?page&limit` of the user lists: without both, the whole list as a plain array (as 1.8.7
 * reads it); with either, one page `{content, last}` (`page` from 0, `limit` up to
 * PAGE_MAX_LIMIT, default USER_PAGE_SIZE), as the newest client and Zalik's app read it.
 */
export const USER_PAGE_SIZE = 30;
export const UserListQuery = PageQuery;
/** `GET /users`: also `role_name` (the newest client's filter), the same as `/users/role/{role}`. */
export const AllUsersQuery = UserListQuery.extend({ role_name: z.enum(ROLES, { error: MSG.roleUnknown }).optional() });
/**
 * `prefix`: the start of a Telegram ID; `username`: part of a username, any case, a leading `@`
 * ignored. Both empty: everyone. Paged like UserListQuery.
 */
export const UserSearchQuery = UserListQuery.extend({
  prefix: z.string().regex(/^\d{0,16}$/, { error: MSG.badRequest }).default(''),
  username: SearchText.transform((v) => v.replace(/^@/, '')).optional(),
});
export const RoleBody = z.object({ roleName: z.enum(GRANTABLE_ROLES, { error: MSG.roleOne }) });
/** `DELETE /api/v1/users/{telegramId}/roles/{role}`: the role to take away. */
export const RoleRevokeParam = TelegramIdParam.extend({ role: z.enum(GRANTABLE_ROLES, { error: MSG.roleUnknown }) });
/** The newest client's `PATCH /users/toggle_ban_status?telegramId&value`. */
export const ToggleBanQuery = BanQuery.extend({ telegramId: TelegramIdParam.shape.telegramId });
/** The newest client's `PATCH /users/toggle_role {telegramId, roleName}`: grants the role the user lacks, takes away one they have. */
export const ToggleRoleBody = RoleBody.extend({
  telegramId: z.union([z.string().regex(ID_PATTERN), z.number().int().positive()], { error: MSG.userNotFound }).transform(String),
});

/**
 * Demo mode: signed initData for a persona. With `signIn`, also what POST /users/auth answers
 * for that initData, so a plain browser's launch saves that round trip.
 */
export const DevInitDataBody = z.object({
  telegramId: z.union([z.string(), z.number()]).transform(String),
  signIn: z.boolean({ error: MSG.badRequest }).optional(),
});
export const DevInitDataAnswer = z.object({ initData: z.string(), auth: AuthAnswer.optional() });
export type DevInitDataAnswer = z.infer<typeof DevInitDataAnswer>;
export const Persona = z.object({ telegramId: Id, username: z.string(), firstName: z.string(), role: z.enum(ROLES) });
export type Persona = z.infer<typeof Persona>;
export const PersonaList = z.array(Persona);
