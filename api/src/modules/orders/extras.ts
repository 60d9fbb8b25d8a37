import { sql } from 'drizzle-orm';
import { testQuestionLabel, type OrderParty, type OrderTask } from '@zalik/contract';
import { rows, type Executor } from '../../db/client.js';
import { idIn } from '../../db/ids.js';
import { loadTasks, type TaskForOrder } from '../catalogue/index.js';

/**
 * What an order's answers show beside the order row itself: its buyer and developer as users
 * are now (avatar, username) and its task as it is now (arguments). Read for a list of orders
 * in two statements whatever the count.
 */
/** What of an order (rows.ts `Order`) these read: structural, so rows.ts can import this module. */
interface OrderFacts {
  buyerId: number;
  developerId: number;
  taskId: number;
  arguments: string[];
  taskTitle: string;
  teacherName: string;
  subjectName: string;
  autoGenerate: boolean;
}

export interface OrderExtras {
  parties: Map<number, OrderParty>;
  tasks: Map<number, TaskForOrder>;
}

export async function loadOrderExtras(ex: Executor, orders: Pick<OrderFacts, 'buyerId' | 'developerId' | 'taskId'>[]): Promise<OrderExtras> {
  const userIds = [...new Set(orders.flatMap((o) => [o.buyerId, o.developerId]))];
  const [users, tasks] = await Promise.all([
    userIds.length === 0
      ? []
      : rows<{ telegram_id: number | string; username: string; photo: string }>(
          ex,
          sql`SELECT telegram_id, username, photo FROM users WHERE ${idIn(sql`telegram_id`, userIds)}`,
        ),
    loadTasks(ex, [...new Set(orders.map((o) => o.taskId))]),
  ]);
  const parties = new Map(users.map((u) => [Number(u.telegram_id), { telegramId: String(u.telegram_id), username: u.username, photo: u.photo }]));
  return { parties, tasks };
}

/** The extras of a purchase's answer, from the task the purchase read (no statement of its own). */
export function purchaseExtras(task: TaskForOrder): OrderExtras {
  return {
    parties: new Map([[task.developerId, { telegramId: String(task.developerId), ...task.developer }]]),
    tasks: new Map([[task.id, task]]),
  };
}

export const partyOf = (extras: OrderExtras, telegramId: number): OrderParty =>
  extras.parties.get(telegramId) ?? { telegramId: String(telegramId), username: '', photo: '' };

/**
 * The task's argument names, when they still line up with the values the order was bought with
 * (a regular task whose arguments did not change in number); else none.
 */
export function linedUpArguments(o: Pick<OrderFacts, 'taskId' | 'arguments'>, extras: OrderExtras): TaskForOrder['arguments'] {
  const task = extras.tasks.get(o.taskId);
  return task?.type === 'REGULAR' && task.arguments.length === o.arguments.length ? task.arguments : [];
}

/**
 * What each of the order's values was entered as, named as the buyer's form named it: a test's
 * questions numbered after its first argument, else the lined-up argument names (or none).
 */
export function answerNames(o: Pick<OrderFacts, 'taskId' | 'arguments'>, extras: OrderExtras): string[] {
  const task = extras.tasks.get(o.taskId);
  if (task?.type === 'TEST') return o.arguments.map((_, i) => testQuestionLabel(task.arguments[0]?.name, i));
  return linedUpArguments(o, extras).map((a) => a.name);
}

/** The order's task nested as the newest client reads it (what the buyer saw, with today's developer and arguments). */
export function orderTask(o: OrderFacts, extras: OrderExtras): OrderTask {
  const task = extras.tasks.get(o.taskId);
  return {
    id: String(o.taskId),
    title: o.taskTitle,
    type: task?.type ?? 'REGULAR',
    autoGenerate: o.autoGenerate,
    teacher: { name: o.teacherName, subject: { name: o.subjectName } },
    developer: partyOf(extras, o.developerId),
    arguments: linedUpArguments(o, extras),
  };
}
