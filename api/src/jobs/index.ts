export { JobRegistry, type JobContext, type JobHandler, type JobLog, type JobName, type JobOptions, type JobPayloads, type Reschedule, type Schedule } from './registry.js';
export { claimOrRelease, fromNow, newToken, persist, retryDelayMs } from './lease.js';
export { createJobRunner, type JobRunner, type JobRunnerOptions } from './runner.js';
