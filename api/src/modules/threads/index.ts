// Other areas, plugins/ and bot/ import this area only through this file, so the rest of it can change freely.
export { ThreadHub } from './hub.js';
export { eventLineSql } from './system.js';
export { unreadSql } from './queries.js';
export { seedThreads } from './seed.js';
