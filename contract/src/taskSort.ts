import { discountedPrice } from './money.js';
import type { Rating } from './reviews.js';

/** How a task list can be ordered: newest first, cheapest first (after the viewer's discount), best rated first. */
export const TASK_SORTS = ['newest', 'price', 'rating'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
export const TASK_SORT_LABELS: Record<TaskSort, string> = { newest: 'Новіші', price: 'Дешевші', rating: 'За рейтингом' };

/** What of a task its order reads (a Task has all of it). */
interface Sortable {
  id: string;
  price: number;
  discount: number;
  createdAt: string;
  rating: Rating;
}

const payable = (t: Sortable) => (t.discount > 0 ? discountedPrice(t.price, t.discount) : t.price);
const newest = (a: Sortable, b: Sortable) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || Number(b.id) - Number(a.id);

/**
 * The one order of each sort, for the API's `?sort=` and the web's list that merges several
 * teachers' tasks. Ties fall back to newest first, so the order is total and stable.
 * By rating, tasks without reviews come last; more reviews win a tie of the mean.
 */
export function compareTasks(sort: TaskSort): (a: Sortable, b: Sortable) => number {
  if (sort === 'price') return (a, b) => payable(a) - payable(b) || newest(a, b);
  if (sort === 'rating') {
    return (a, b) =>
      Number(b.rating.count > 0) - Number(a.rating.count > 0) ||
      b.rating.average - a.rating.average ||
      b.rating.count - a.rating.count ||
      newest(a, b);
  }
  return newest;
}

export const sortTasks = <T extends Sortable>(tasks: readonly T[], sort: TaskSort): T[] => [...tasks].sort(compareTasks(sort));
