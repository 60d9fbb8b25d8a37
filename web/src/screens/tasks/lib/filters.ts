import { discountedPrice, type Task, type TaskSort } from '@zalik/contract';

/** 'le': price at most the chosen one; 'ge': at least. */
export type PriceMode = 'le' | 'ge';

/** The task list's three filters (spec 2 and 5). `price` 0 means no price filter. */
export interface TaskFilters {
  teacherId: string | null;
  /** A developer's username (the creator filter matches it). */
  creator: string | null;
  price: number;
  mode: PriceMode;
  /** How the list is ordered (not a filter: resetting the filters keeps it). */
  sort: TaskSort;
}

export const NO_FILTERS: TaskFilters = { teacherId: null, creator: null, price: 0, mode: 'le', sort: 'newest' };

/** What a student pays now: the discounted price when there is a discount. */
export function payablePrice(task: Pick<Task, 'price' | 'discount'>): number {
  return task.discount > 0 ? discountedPrice(task.price, task.discount) : task.price;
}

/**
 * Compares what the student would pay (the discounted price), so '≤ 120' shows a 150 грн task
 * that costs 120 with its discount.
 */
export function matchesPrice(task: Pick<Task, 'price' | 'discount'>, price: number, mode: PriceMode): boolean {
  if (!(price > 0)) return true;
  const p = payablePrice(task);
  return mode === 'le' ? p <= price : p >= price;
}

export function filterTasks<T extends Pick<Task, 'teacherId' | 'price' | 'discount' | 'developer'>>(tasks: readonly T[], f: TaskFilters): T[] {
  return tasks.filter(
    (t) =>
      (f.teacherId === null || t.teacherId === f.teacherId) &&
      (f.creator === null || t.developer.username === f.creator) &&
      matchesPrice(t, f.price, f.mode),
  );
}

export function hasFilters(f: TaskFilters): boolean {
  return f.teacherId !== null || f.creator !== null || f.price > 0;
}

/** The price row's value: 'Будь-яка', 'до 250 грн' or 'від 250 грн'. */
export function priceLabel(price: number, mode: PriceMode): string {
  if (!(price > 0)) return 'Будь-яка';
  return `${mode === 'le' ? 'до' : 'від'} ${price} грн`;
}
