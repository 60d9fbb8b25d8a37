import type { Database, Db } from '../../db/client.js';
import type { JobLog } from '../../jobs/registry.js';
import { computePanel, panelAnswer, PANEL_KEYS, type AnswerOf, type PanelKey } from './panels.js';
import { freshSnapshot, storeSnapshot } from './snapshots.queries.js';

/**
 * Panels answered from stored snapshots (docs/DASHBOARD.md "Snapshots"). The job
 * `dashboard.refresh` recomputes every panel each `refreshSeconds`; a route answers the stored
 * answer while it is younger than twice that (one missed run is no reason to make an admin
 * wait), and otherwise (first start, the job failing) computes it live, stores it and answers.
 * Panels are computed through the analytics pool (it may be a read-only replica); snapshots are
 * read and written on the main database, one row each, so every instance shares them.
 */
export interface DashboardSnapshots {
  /** The panel's answer: the stored one when fresh, else computed now and stored. */
  answer<K extends PanelKey>(key: K, log: JobLog): Promise<AnswerOf<K>>;
  /**
   * Computes and stores every panel, one after another; a panel that fails is logged and the
   * rest still run. `now` stands for the clock in tests.
   */
  refresh(opts: { log: JobLog; signal?: AbortSignal; now?: () => Date }): Promise<{ stored: PanelKey[]; failed: PanelKey[] }>;
}

export function dashboardSnapshots(database: Pick<Database, 'db' | 'analytics'>, refreshSeconds: number): DashboardSnapshots {
  const primary: Db = database.db;
  const analytics: Db = database.analytics;
  const on = refreshSeconds > 0;

  return {
    async answer(key, log) {
      if (on) {
        const stored = await freshSnapshot(primary, key, 2 * refreshSeconds);
        if (stored && panelAnswer(key).safeParse(stored.answer).success) return stored.answer as AnswerOf<typeof key>;
      }
      const now = new Date();
      const answer = await computePanel(analytics, key, now);
      if (on) {
        // The admin has the answer either way; a store that fails only means the next one computes too.
        await storeSnapshot(primary, key, answer, now).catch((err: unknown) => log.warn({ err, panel: key }, 'dashboard snapshot not stored'));
      }
      return answer;
    },

    async refresh({ log, signal, now = () => new Date() }) {
      const stored: PanelKey[] = [];
      const failed: PanelKey[] = [];
      for (const key of PANEL_KEYS) {
        if (signal?.aborted) break;
        try {
          const at = now();
          await storeSnapshot(primary, key, await computePanel(analytics, key, at), at);
          stored.push(key);
        } catch (err) {
          // A statement timeout on one panel leaves its older snapshot (or a live computation) to the routes.
          log.error({ err, panel: key }, 'dashboard panel not refreshed');
          failed.push(key);
        }
      }
      return { stored, failed };
    },
  };
}
