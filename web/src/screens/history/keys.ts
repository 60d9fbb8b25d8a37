/** Query keys of purchase histories and the developer's queue (see api/queryKeys.ts for the convention). */
export const historyKeys = {
  all: ['history'] as const,
  user: (telegramId: string) => ['history', 'user', telegramId] as const,
  developerQueue: () => ['history', 'developer', 'in-progress'] as const,
};
