export * from './users.js';
export * from './catalogue.js';
