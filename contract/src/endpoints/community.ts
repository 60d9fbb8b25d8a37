import { endpoint } from '../endpoint.js';
import type {
  ClientDiscountPage, DiscountSetAnswer, DiscountSetBody, DiscountUpdateBody,
  DiscountBulkBody, DiscountBulkResult, DiscountList, DiscountListItem, DiscountListQuery, DiscountPatch, Flag,
  InviteList, InviteProgress, SupportSent, TaskDiscountList, TaskIdParam,
} from '../community.js';
import type { IdParam, Ok, PageQuery } from '../common.js';

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

/**
 * Two shapes on one path, told apart by what is sent: `{type, discountValue, ...}` (1.8.7,
 * Zalik's app) sets one discount and answers it (204 when `discountValue` 0 removed it);
 * `{value, taskIds, telegramIds, activationLimit, from, to}` (the newest client) sets one on
 * several tasks and answers `{created, updated}`.
 */
export const setDiscount = endpoint<{ body: typeof DiscountSetBody; answer: typeof DiscountSetAnswer }>({
  method: 'POST', path: '/api/v1/discounts/discount', access: 'admin', tag: 'discounts',
  summary: 'Sets a discount (upsert per task and type/user); discountValue 0 removes it (204); the newest client\'s shape sets it on several tasks',
});
export const putDiscount = endpoint<{ body: typeof DiscountUpdateBody; answer: typeof DiscountListItem }>({
  method: 'PUT', path: '/api/v1/discounts/discount', access: 'admin', tag: 'discounts',
  summary: "The newest client's edit: percent, uses (0: none for everyone's, kept for a user's), window (\"\": no bound)",
});
export const globalDiscounts = endpoint<{ query: typeof PageQuery; answer: typeof ClientDiscountPage }>({
  method: 'GET', path: '/api/v1/discounts/GLOBAL', access: 'admin', tag: 'discounts',
  summary: "Everyone's discounts with uses left, newest first, `{content, last}` (the newest client's list)",
});
export const localDiscounts = endpoint<{ query: typeof PageQuery; answer: typeof ClientDiscountPage }>({
  method: 'GET', path: '/api/v1/discounts/LOCAL', access: 'admin', tag: 'discounts',
  summary: "Users' own discounts with uses left, newest first, `{content, last}` (the newest client's list)",
});
export const discountsOfTask = endpoint<{ params: typeof TaskIdParam; answer: typeof TaskDiscountList }>({
  method: 'GET', path: '/api/v1/discounts/task/:taskId', access: 'admin', tag: 'discounts',
  summary: "A task's discounts that still have uses left (for the give-discount screen)",
});
export const listDiscounts = endpoint<{ query: typeof DiscountListQuery; answer: typeof DiscountList }>({
  method: 'GET', path: '/api/v1/discounts', access: 'admin', tag: 'discounts',
  summary:
    'Discounts with uses left, newest first, one page (`page` from 0, `limit` up to 50, default 20); `type`, and `search` (task title or ' +
    'username), `task` or `username` to narrow it; `active` says whether each applies now',
});
export const getDiscount = endpoint<{ params: typeof IdParam; answer: typeof DiscountListItem }>({
  method: 'GET', path: '/api/v1/discounts/:id', access: 'admin', tag: 'discounts', summary: 'One discount as the list shows it (404 once deleted)',
});
export const updateDiscount = endpoint<{ params: typeof IdParam; body: typeof DiscountPatch; answer: typeof DiscountListItem }>({
  method: 'PATCH', path: '/api/v1/discounts/:id', access: 'admin', tag: 'discounts',
  summary: 'Changes the percent, the uses left or the window; an absent field stays, null clears a bound (or makes a GLOBAL one unlimited)',
});
export const deleteDiscount = endpoint<{ params: typeof IdParam; answer: typeof Ok }>({
  method: 'DELETE', path: '/api/v1/discounts/:id', access: 'admin', tag: 'discounts',
  summary: 'Ends a discount: it no longer applies and leaves the lists; the row stays for the orders that used it',
});
export const bulkDiscounts = endpoint<{ body: typeof DiscountBulkBody; answer: typeof DiscountBulkResult }>({
  method: 'POST', path: '/api/v1/discounts/bulk', access: 'admin', tag: 'discounts',
  summary: 'Sets one discount on up to 50 tasks for everyone, or for up to 200 users each, in one transaction (any refusal writes nothing)',
});

// A banned user may still write to support (the blocked screen's only way out: an appeal, or a
// question about money left in the wallet); the support limit bounds it like anyone's.
export const sendSupport = endpoint<{ body: 'multipart'; answer: typeof SupportSent }>({
  method: 'POST', path: '/api/v1/supports/sent', access: 'user', allowBanned: true, rateLimit: 'support', tag: 'supports',
  summary: 'Sends a support message: multipart `message` plus `files` repeated 0-3 times (5 MB each); a banned user too',
});
/** The product's newest client's path for the same call (the same limit counts both). */
export const sendSupportNotification = endpoint<{ body: 'multipart'; answer: typeof SupportSent }>({
  method: 'POST', path: '/api/v1/notifications/support', access: 'user', allowBanned: true, rateLimit: 'support', tag: 'supports',
  summary: 'The same as POST /supports/sent',
});
