// Other areas, plugins/ and bot/ import this area only through this file, so the rest of it can change freely.
export { takeBackBonusIfUnearned } from './clawback.js';
export { inviteLink } from './service.js';
