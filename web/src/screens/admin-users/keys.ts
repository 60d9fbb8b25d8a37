/** Query keys of user administration (see api/queryKeys.ts for the convention). */
export const userKeys = {
  all: ['users'] as const,
  list: (prefix: string) => ['users', 'list', prefix] as const,
  one: (telegramId: string) => ['users', 'one', telegramId] as const,
};
