/** Query keys of the invitation tab (see api/queryKeys.ts for the convention). */
export const inviteKeys = {
  all: ['invites'] as const,
  friends: () => ['invites', 'friends'] as const,
  progress: () => ['invites', 'progress'] as const,
  claimable: () => ['invites', 'isAvailableClaim'] as const,
};
