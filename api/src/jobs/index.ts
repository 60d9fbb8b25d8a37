export { JobRegistry, retryDelayMs, type JobContext, type JobHandler, type JobOptions } from './registry.js';
export { createJobRunner, type JobRunner, type JobRunnerOptions } from './runner.js';
export { cancel, reschedule, rescheduleSql, schedule, type ScheduleOptions } from './queries.js';
