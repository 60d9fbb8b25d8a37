// Other areas import this area only through this file, so the rest of it can change freely.
export { recordAudit } from './record.js';
export { auditRowsAfter } from './queries.js';
