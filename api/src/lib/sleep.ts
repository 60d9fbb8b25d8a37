import { setTimeout as wait } from 'node:timers/promises';

/** Waits `ms`, or less when `signal` aborts: then it resolves early rather than throwing. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> => wait(ms, undefined, { signal }).catch(() => undefined);
