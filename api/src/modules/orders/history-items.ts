import type { HistoryItem } from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import type { FileLinks } from '../files/signing.js';
import { findOrder } from './queries.js';
import { toHistoryItem, type Order, type OrderRules, type Viewer } from './rows.js';
import { loadTasks } from './tasks.js';

/**
 * Orders as their buyer's history shows them, each with its task's argument names when they
 * still line up with the values it was bought with (a regular task whose arguments did not
 * change in number); one read of the tasks whatever the count.
 */
export async function toHistoryItems(ex: Executor, links: FileLinks, rules: OrderRules, orders: Order[], viewer: Viewer): Promise<HistoryItem[]> {
  const tasks = await loadTasks(ex, [...new Set(orders.map((o) => o.taskId))]);
  return orders.map((o) => {
    const task = tasks.get(o.taskId);
    const named = task?.type === 'REGULAR' && task.argumentNames.length === o.arguments.length;
    return toHistoryItem(o, links, rules, named ? task.argumentNames : [], viewer);
  });
}

/** One order as a history item, read after a change (the order exists). */
export async function historyItem(ex: Executor, links: FileLinks, rules: OrderRules, id: number, viewer: Viewer): Promise<HistoryItem> {
  return (await toHistoryItems(ex, links, rules, [(await findOrder(ex, id))!], viewer))[0]!;
}
