// Other areas, plugins/ and bot/ import this area only through this file, so the rest of it can change freely.
export { newsJson } from './news.js';
export { seedCatalogue } from './seed.js';
export { subjectsJson } from './subjects.js';
export { loadTask, loadTasks, toTaskForOrder, type TaskForOrder } from './tasks/for-order.js';
export { selectTasks, type TaskForOrderRow, type TaskRow } from './tasks/read.js';
