import { z } from 'zod';
import { COURSES, GRANTABLE_ROLES, ROLES } from './constants.js';
import { ID_PATTERN, Id, IntInput, IsoDate, PageLimit, PageNumber, SearchText } from './common.js';
import { MSG } from './messages.js';

export const AuthBody = z.string({ error: MSG.initDataMissing }).min(1, { error: MSG.initDataMissing });
/**
 * `jwt` is the contract; `courseNumber` rides along so the first screen needs no second
 * round trip to /me/course (0 until the student has chosen a course).
 */
export const AuthAnswer = z.object({ jwt: z.string(), courseNumber: z.number().int() });

export const JwtClaims = z.object({
  sub: z.string(),
  roles: z.array(z.enum(ROLES)),
  ban: z.boolean(),
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
  roles: z.array(z.enum(ROLES)),
});
export type User = z.infer<typeof User>;
export const UserList = z.array(User);

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
 * `?page&limit` of the user lists: without both, the whole list (as existing clients read it);
 * with either, one page (`page` from 0, `limit` up to PAGE_MAX_LIMIT, default USER_PAGE_SIZE).
 */
export const USER_PAGE_SIZE = 30;
export const UserListQuery = z.object({ page: PageNumber.optional(), limit: PageLimit.optional() });
/**
 * `prefix`: the start of a Telegram ID; `username`: part of a username, any case, a leading `@`
 * ignored. Both empty: everyone. Paged like UserListQuery.
 */
export const UserSearchQuery = UserListQuery.extend({
  prefix: z.string().regex(/^\d{0,16}$/, { error: MSG.badRequest }).default(''),
  username: SearchText.transform((v) => v.replace(/^@/, '')).optional(),
});
export const RoleBody = z.object({ roleName: z.enum(GRANTABLE_ROLES, { error: MSG.roleOne }) });

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
