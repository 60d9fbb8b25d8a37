// Other areas, plugins/ and bot/ import this area only through this file, so the rest of it can change freely.
export { seedOrders } from './seed.js';
export { seedInvites } from './seed-invites.js';
