import { endpoint } from '../endpoint.js';
import type {
  Discount, DiscountBody, DiscountBulkBody, DiscountBulkResult, DiscountList, DiscountListItem, DiscountListQuery, DiscountPatch, Flag,
  InviteList, InviteProgress, SupportSent, TaskDiscountList, TaskIdParam,
} from '../community.js';
import type { IdParam, Ok } from '../common.js';
import type { DevInitDataAnswer, DevInitDataBody, PersonaList } from '../users.js';

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

export const sendSupport = endpoint<{ body: 'multipart'; answer: typeof SupportSent }>({
  method: 'POST', path: '/api/v1/supports/sent', access: 'user', rateLimit: 'support', tag: 'supports',
  summary: 'Sends a support message: multipart `message` plus `files` repeated 0-3 times (5 MB each)',
});

export const demoPersonas = endpoint<{ answer: typeof PersonaList }>({
  method: 'GET', path: '/api/dev/personas', access: 'public', demoOnly: true, tag: 'demo', summary: 'The demo personas',
});
export const demoInitData = endpoint<{ body: typeof DevInitDataBody; answer: typeof DevInitDataAnswer }>({
  method: 'POST', path: '/api/dev/init-data', access: 'public', demoOnly: true, tag: 'demo',
  summary: 'initData signed with the demo bot token for a known user; with signIn, also the sign-in it gives',
});
