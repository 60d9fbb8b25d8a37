/**
 * Every call of the API, by area. Each entry is plain data (see ../endpoint.ts); the web
 * imports single entries (tree-shaken), the API and the tests walk them all.
 */
export * from './users.js';
export * from './catalogue.js';
export * from './wallets.js';
export * from './payouts.js';
export * from './rates.js';
export * from './deposits.js';
export * from './orders.js';
export * from './reviews.js';
export * from './community.js';
export * from './maintenance.js';
export * from './broadcasts.js';
export * from './demo.js';
export * from './dashboard.js';
export * from './explanations.js';
export * from './audit.js';
export * from './threads.js';
export * from './shares.js';
