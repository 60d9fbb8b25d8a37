// Other areas, plugins/ and bot/ import this area only through this file, so the rest of it can change freely.
export { SELECT_USER, toUser, type UserRow, type UsersService } from './service.js';
export { PERSONAS } from './personas.js';
