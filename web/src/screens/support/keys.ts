/** Query keys of the support screen (see api/queryKeys.ts for the convention). */
export const supportKeys = {
  faq: () => ['faq'] as const,
};
