import { endpoint } from '../endpoint.js';
import type {
  AllUsersQuery, AuthAnswer, AuthBody, BanQuery, Course, CourseBody, RoleBody, RoleParam, RoleRevokeParam, TelegramIdParam, ToggleBanQuery, ToggleRoleBody, User,
  UserListOrPage, UserListQuery, UserSearchQuery,
} from '../users.js';

const tag = 'users';

export const signIn = endpoint<{ body: typeof AuthBody; answer: typeof AuthAnswer }>({
  method: 'POST',
  path: '/api/v1/users/auth',
  access: 'public',
  rateLimit: 'auth',
  tag,
  summary: 'Sign in with Telegram initData (the raw string as a JSON string body)',
});

export const listUsers = endpoint<{ query: typeof AllUsersQuery; answer: typeof UserListOrPage }>({
  method: 'GET',
  path: '/api/v1/users',
  access: 'admin',
  tag,
  summary:
    'All users (or those holding `role_name`), newest first, as a plain array; with `page` (from 0) or `limit` (up to 50, default 30) one page `{content, last}`',
});

export const myCourse = endpoint<{ answer: typeof Course }>({
  method: 'GET',
  path: '/api/v1/users/me/course',
  access: 'user',
  allowBanned: true,
  tag,
  summary: "The caller's course: 0 until chosen (a banned user too)",
});

export const setMyCourse = endpoint<{ body: typeof CourseBody; answer: typeof Course }>({
  method: 'PATCH',
  path: '/api/v1/users/me/course',
  access: 'user',
  tag,
  summary: "Choose the caller's course",
});

/** The product's newest client's name for the same call (it reads no answer). */
export const setCourseNumber = endpoint<{ body: typeof CourseBody; answer: typeof Course }>({
  method: 'PATCH',
  path: '/api/v1/users/course_number',
  access: 'user',
  tag,
  summary: "Choose the caller's course (the same as PATCH /users/me/course)",
});

export const usersByRole = endpoint<{ params: typeof RoleParam; query: typeof UserListQuery; answer: typeof UserListOrPage }>({
  method: 'GET',
  path: '/api/v1/users/role/:role',
  access: 'admin',
  tag,
  summary: 'Users who hold a role, newest first; paged like the user list',
});

export const searchUsers = endpoint<{ query: typeof UserSearchQuery; answer: typeof UserListOrPage }>({
  method: 'GET',
  path: '/api/v1/users/search',
  access: 'admin',
  tag,
  summary: 'Users whose Telegram ID starts with `prefix` and whose username holds `username` (any case); paged like the user list',
});

export const getUser = endpoint<{ params: typeof TelegramIdParam; answer: typeof User }>({
  method: 'GET',
  path: '/api/v1/users/:telegramId',
  access: 'admin',
  tag,
  summary: 'One user',
});

export const banUser = endpoint<{ params: typeof TelegramIdParam; query: typeof BanQuery; answer: typeof User }>({
  method: 'PATCH',
  path: '/api/v1/users/:telegramId/ban',
  access: 'admin',
  tag,
  summary: 'Ban or unban a user',
});

export const grantRole = endpoint<{ params: typeof TelegramIdParam; body: typeof RoleBody; answer: typeof User }>({
  method: 'PATCH',
  path: '/api/v1/users/:telegramId/roles',
  access: 'admin',
  tag,
  summary: 'Give a user a role',
});

export const revokeRole = endpoint<{ params: typeof RoleRevokeParam; answer: typeof User }>({
  method: 'DELETE',
  path: '/api/v1/users/:telegramId/roles/:role',
  access: 'admin',
  tag,
  summary: "Take a role away (never an admin's own ROLE_ADMIN, nor the last admin's)",
});

/** The newest client's names for ban and roles. */
export const toggleBan = endpoint<{ query: typeof ToggleBanQuery; answer: typeof User }>({
  method: 'PATCH',
  path: '/api/v1/users/toggle_ban_status',
  access: 'admin',
  tag,
  summary: 'Ban (`value=true`) or unban a user (the same as PATCH /users/{telegramId}/ban)',
});

export const toggleRole = endpoint<{ body: typeof ToggleRoleBody; answer: typeof User }>({
  method: 'PATCH',
  path: '/api/v1/users/toggle_role',
  access: 'admin',
  tag,
  summary: "Grant the role when the user lacks it, take it away when they have it (the same rules as DELETE .../roles/{role})",
});
