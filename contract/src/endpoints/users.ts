import { endpoint } from '../endpoint.js';
import type { AuthAnswer, AuthBody, BanQuery, Course, CourseBody, RoleBody, RoleParam, TelegramIdParam, User, UserList, UserListQuery, UserSearchQuery } from '../users.js';

const tag = 'users';

export const signIn = endpoint<{ body: typeof AuthBody; answer: typeof AuthAnswer }>({
  method: 'POST',
  path: '/api/v1/users/auth',
  access: 'public',
  rateLimit: 'auth',
  tag,
  summary: 'Sign in with Telegram initData (the raw string as a JSON string body)',
});

export const listUsers = endpoint<{ query: typeof UserListQuery; answer: typeof UserList }>({
  method: 'GET',
  path: '/api/v1/users',
  access: 'admin',
  tag,
  summary: 'All users, newest first; with `page` (from 0) or `limit` (up to 50, default 30) one page of them',
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

export const usersByRole = endpoint<{ params: typeof RoleParam; query: typeof UserListQuery; answer: typeof UserList }>({
  method: 'GET',
  path: '/api/v1/users/role/:role',
  access: 'admin',
  tag,
  summary: 'Users who hold a role, newest first; paged like the user list',
});

export const searchUsers = endpoint<{ query: typeof UserSearchQuery; answer: typeof UserList }>({
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
