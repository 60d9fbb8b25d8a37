import { describe, expect, it } from 'vitest';
import { AUTHOR_LEVELS, authorLevel } from '../src/reviews.js';
import { compareTasks } from '../src/taskSort.js';

const level = (ordersCompleted: number, average: number, count: number, onTimeShare: number | null) =>
  authorLevel({ ordersCompleted, rating: { average, count }, onTimeShare }).name;

describe('the author level rule', () => {
  it('starts every author as a new one', () => {
    expect(level(0, 0, 0, null)).toBe('Новий розробник');
    expect(AUTHOR_LEVELS[0].name).toBe('Новий розробник');
  });

  it('gives the highest level whose every threshold is met', () => {
    expect(level(5, 4.0, 3, 0.8)).toBe('Перевірений автор');
    expect(level(20, 4.5, 10, 0.9)).toBe('Досвідчений автор');
    expect(level(50, 4.8, 20, 0.95)).toBe('Топ-автор');
    // Only auto-generated sales: no deliveries, so on-time holds nobody back.
    expect(level(60, 4.9, 25, null)).toBe('Топ-автор');
  });

  it('stops at the first threshold missed: few orders, few reviews, low stars or late deliveries', () => {
    expect(level(4, 5, 10, 1)).toBe('Новий розробник');
    expect(level(100, 5, 2, 1)).toBe('Новий розробник');
    expect(level(100, 3.9, 50, 1)).toBe('Новий розробник');
    expect(level(100, 4.9, 50, 0.85)).toBe('Перевірений автор');
    expect(level(100, 4.7, 50, 1)).toBe('Досвідчений автор');
  });
});

describe('task sorts', () => {
  const t = (id: string, price: number, discount: number, createdAt: string, average: number, count: number) => ({ id, price, discount, createdAt, rating: { average, count } });
  const list = [t('1', 100, 0, '2026-01-01T00:00:00Z', 4.5, 2), t('2', 200, 60, '2026-03-01T00:00:00Z', 0, 0), t('3', 90, 0, '2026-02-01T00:00:00Z', 4.5, 9)];
  const ids = (sort: 'newest' | 'price' | 'rating') => [...list].sort(compareTasks(sort)).map((x) => x.id);

  it('newest first, cheapest after the discount first, best rated first (more reviews win a tie, none last)', () => {
    expect(ids('newest')).toEqual(['2', '3', '1']);
    expect(ids('price')).toEqual(['2', '3', '1']);
    expect(ids('rating')).toEqual(['3', '1', '2']);
  });
});
