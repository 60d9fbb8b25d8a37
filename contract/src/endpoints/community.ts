import { endpoint } from '../endpoint.js';
import type { Discount, DiscountBody, Flag, InviteList, InviteProgress, SupportSent, TaskDiscountList, TaskIdParam } from '../community.js';

export const invitedFriends = endpoint<{ answer: typeof InviteList }>({
  method: 'GET', path: '/api/v1/invites', access: 'user', tag: 'invites',
  summary: "Friends who signed in through the caller's link, with what each paid for tasks (UAH, refunds excluded)",
});
export const canClaimInviteBonus = endpoint<{ answer: typeof Flag }>({
  method: 'GET', path: '/api/v1/invites/isAvailableClaim', access: 'user', tag: 'invites',
  summary: 'A bare boolean: enough friends qualified and the bonus is not claimed yet',
});
export const inviteLink = endpoint<{ answer: typeof InviteProgress }>({
  method: 'GET', path: '/api/v1/invites/link', access: 'user', tag: 'invites', summary: "The caller's invite link and progress towards the bonus",
});
export const claimInviteBonus = endpoint<{ answer: typeof InviteProgress }>({
  method: 'PUT', path: '/api/v1/invites/deposit-amount', access: 'user', tag: 'invites', summary: 'Claims the referral bonus into the general wallet (once)',
});

/** Answers 204 with no body when `discountValue` 0 removed the discount. */
export const setDiscount = endpoint<{ body: typeof DiscountBody; answer: typeof Discount }>({
  method: 'POST', path: '/api/v1/discounts/discount', access: 'admin', tag: 'discounts',
  summary: 'Sets a discount (upsert per task and type/user); discountValue 0 removes it (204)',
});
export const discountsOfTask = endpoint<{ params: typeof TaskIdParam; answer: typeof TaskDiscountList }>({
  method: 'GET', path: '/api/v1/discounts/task/:taskId', access: 'admin', tag: 'discounts',
  summary: "A task's discounts that still have uses left (for the give-discount screen)",
});

export const sendSupport = endpoint<{ body: 'multipart'; answer: typeof SupportSent }>({
  method: 'POST', path: '/api/v1/supports/sent', access: 'user', rateLimit: 'support', tag: 'supports',
  summary: 'Sends a support message: multipart `message` plus `files` repeated 0-3 times (5 MB each)',
});
