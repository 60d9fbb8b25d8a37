import type { HistoryItem } from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import type { FileLinks } from '../files/index.js';
import { sql } from 'drizzle-orm';
import { loadOrderExtras } from './extras.js';
import { findOrders } from './queries.js';
import { toHistoryItem, type Order, type OrderRules, type Viewer } from './rows.js';
import { reviewUntil, reviewsOfOrders } from '../reviews/index.js';

/**
 * Orders as a history shows them, each with its task nested (today's developer and argument
 * names, when they still line up with the values it was bought with), its buyer and its review;
 * one read of the tasks, one of the users and one of the reviews whatever the count.
 */
export async function toHistoryItems(ex: Executor, links: FileLinks, rules: OrderRules, orders: Order[], viewer: Viewer): Promise<HistoryItem[]> {
  const extras = await loadOrderExtras(ex, orders);
  const reviews = await reviewsOfOrders(ex, orders.map((o) => o.id));
  const now = Date.now();
  return orders.map((o) => {
    const review = reviews.get(o.id) ?? null;
    return { ...toHistoryItem(o, links, rules, viewer, extras), review, reviewUntil: reviewUntil(o, review !== null, now) };
  });
}

/** One order as a history item, read after a change (the order exists). */
export async function historyItem(ex: Executor, links: FileLinks, rules: OrderRules, id: number, viewer: Viewer): Promise<HistoryItem> {
  return (await toHistoryItems(ex, links, rules, await findOrders(ex, sql`id = ${id}`, undefined, viewer.telegramId), viewer))[0]!;
}
