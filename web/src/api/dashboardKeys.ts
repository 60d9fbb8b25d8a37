/**
 * The admin dashboard's keys (docs/WEB.md, TanStack Query conventions), by panel and period, in
 * a module of their own beside queryKeys.ts: only the dashboard asks for them, and the first
 * screen must not carry them. `all` refreshes every panel.
 */
export const qkDashboard = {
  all: ['dashboard'] as const,
  figures: (period: string) => ['dashboard', 'figures', period] as const,
  backlog: (period: string) => ['dashboard', 'backlog', period] as const,
  daily: () => ['dashboard', 'daily'] as const,
  top: (period: string) => ['dashboard', 'top', period] as const,
  developers: (period: string) => ['dashboard', 'developers', period] as const,
} as const;
