import type { HistoryItem } from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import type { FileLinks } from '../files/signing.js';
import { argumentNamesOf, findOrder } from './queries.js';
import { toHistoryItem, type Order, type OrderRules } from './rows.js';

/** Orders as their buyer's history shows them, with what each value was (two reads whatever the count). */
export async function toHistoryItems(ex: Executor, links: FileLinks, rules: OrderRules, orders: Order[]): Promise<HistoryItem[]> {
  const names = await argumentNamesOf(ex, orders);
  return orders.map((o) => toHistoryItem(o, links, rules, names.get(o.id)));
}

/** One order as a history item, read after a change (the order exists). */
export async function historyItem(ex: Executor, links: FileLinks, rules: OrderRules, id: number): Promise<HistoryItem> {
  return (await toHistoryItems(ex, links, rules, [(await findOrder(ex, id))!]))[0]!;
}
