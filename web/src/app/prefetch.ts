import type { RouteObject } from 'react-router';
import { basePaths } from '../lib/basePaths';

/**
 * Screens a student reaches from the first screen in a tap or two: the other tabs, a subject's
 * task list and the buying forms. They are chunks (not in the first screen's bundle), loaded in
 * the background once the first screen is up, so switching tabs or buying never waits for the network.
 */
export const PREFETCHED_PATHS: readonly string[] = [
  basePaths.subject.pattern,
  basePaths.buyTask.pattern,
  basePaths.buyTest.pattern,
  basePaths.wallet.root,
  basePaths.invitation.root,
  basePaths.settings.root,
];

/** Starts loading the lazy routes among `routes` (nested too) whose path is in `paths`. */
export function prefetchRoutes(routes: readonly RouteObject[], paths: readonly string[]): void {
  for (const r of routes) {
    if (r.path && paths.includes(r.path) && typeof r.lazy === 'function') {
      // The module cache keeps it: the router's own lazy() later resolves at once. A failure
      // (offline) is the router's to show when the user really goes there.
      void Promise.resolve(r.lazy()).catch(() => undefined);
    }
    if (r.children) prefetchRoutes(r.children, paths);
  }
}

/** Starts loading every lazy route among `routes` (nested too): what a student may open later. */
export function prefetchAllRoutes(routes: readonly RouteObject[]): void {
  for (const r of routes) {
    if (typeof r.lazy === 'function') void Promise.resolve(r.lazy()).catch(() => undefined);
    if (r.children) prefetchAllRoutes(r.children);
  }
}

/** Runs `task` when the browser is idle (after the first screen's work), at the latest after `timeoutMs`. */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}
