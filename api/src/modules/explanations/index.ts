// Other areas, plugins/ and bot/ import this area only through this file, so the rest of it can change freely.
export { sessionIdOf } from './session.js';
export { type ExplanationsService } from './service.js';
export { setTaskDocument } from './documents.queries.js';
