import { discountedPrice, type Task } from '@zalik/contract';

/** What the purchase charges: the discounted price when the task has a discount. */
export function priceOf(task: Task): number {
  return task.discount > 0 ? discountedPrice(task.price, task.discount) : task.price;
}
