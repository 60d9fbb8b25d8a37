// Other areas, plugins/ and bot/ import this area only through this file, so the rest of it can change freely.
export { seedWallets } from './seed.js';
export { topUp, walletsOf } from './service.js';
