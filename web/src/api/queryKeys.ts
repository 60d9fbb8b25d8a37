/**
 * Query keys: one tuple per resource, always built here, never written inline, so an
 * invalidation can name a whole area (`['wallet']`) or one item (`qk.wallet(id)`).
 * Convention: `[area, ...params]`; areas add their own keys below in their own section.
 */
export const qk = {
  course: () => ['me', 'course'] as const,
} as const;
