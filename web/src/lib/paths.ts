/**
 * Every path of the app, one place: a screen's route pattern (`.pattern`, for the route tables in
 * screens/<area>/routes.tsx) beside the builder that links to it, so a link can never drift from
 * its route. A static path is its own pattern. Ids are encoded; queries are the fallback a
 * screen reads after a reload (navigation state is lost then).
 *
 * Two modules, so that the first screen carries no admin panel path: lib/basePaths.ts (the rest
 * of the app, which the first screen's graph imports) and the admin panel's table below.
 * Screens import `paths` from here; check:bundle fails if this module reaches the first screen.
 */
import { at, basePaths, enc } from './basePaths';

export type { BuyingKind, TaskFormMode } from './basePaths';

const adminPanel = '/settings/admin-panel';
const profile = `${adminPanel}/profile`;

export const paths = {
  ...basePaths,

  // --- admin panel (`?telegramId=` names the user) ---
  admin: {
    root: adminPanel,
    users: profile,
    user: at(`${profile}/user`, (telegramId: string) => `${profile}/user?telegramId=${enc(telegramId)}`),
    giveRole: at(`${profile}/give-role`, (telegramId: string) => `${profile}/give-role?telegramId=${enc(telegramId)}`),
    wallet: at(`${profile}/wallet`, (telegramId: string) => `${profile}/wallet?telegramId=${enc(telegramId)}`),
    history: at(`${profile}/history-task`, (telegramId: string) => `${profile}/history-task?telegramId=${enc(telegramId)}`),
    withdrawals: `${adminPanel}/withdrawals`,
    deposits: `${adminPanel}/deposits`,
    bankPayments: `${adminPanel}/bank-payments`,
    disputes: `${adminPanel}/disputes`,
    faq: `${adminPanel}/faq`,
    faqForm: `${adminPanel}/faq/edit`,
    news: `${adminPanel}/news`,
    newsForm: `${adminPanel}/news/edit`,
    maintenance: `${adminPanel}/maintenance`,
    /** Who did what (docs/SECURITY.md "Audit trail"); `?userId=` narrows it to the actions on one user. */
    audit: at(`${adminPanel}/audit`, (filter: { userId?: string } = {}) => (filter.userId ? `${adminPanel}/audit?userId=${enc(filter.userId)}` : `${adminPanel}/audit`)),
    dashboard: `${adminPanel}/dashboard`,
    /** What the tutor's answers draw on (docs/EXPLANATIONS.md). */
    explanationDocuments: `${adminPanel}/explanation-documents`,
    broadcasts: `${adminPanel}/broadcasts`,
    newBroadcast: `${adminPanel}/broadcasts/new`,
    broadcast: at(`${adminPanel}/broadcasts/view`, (id: string) => `${adminPanel}/broadcasts/view?id=${enc(id)}`),
    /** The template library: DOCX templates several tasks share. */
    templates: `${adminPanel}/templates`,
    discounts: `${adminPanel}/discounts`,
    discountNew: `${adminPanel}/discounts/new`,
    discount: at(`${adminPanel}/discounts/edit`, (id: string) => `${adminPanel}/discounts/edit?id=${enc(id)}`),
  },
} as const;
