import { describe, expect, it } from 'vitest';
import { task } from '../../../../test/fixtures';
import { filterTasks, matchesPrice, NO_FILTERS, priceLabel } from './filters';
import { clearFilters, FILTERS_KEY, readFilters, writeFilters } from './storage';

const tasks = [
  task({ id: '1', teacherId: '10', price: 100, developer: { telegramId: '2', username: 'dev_demo', photo: '' } }),
  task({ id: '2', teacherId: '10', price: 250, developer: { telegramId: '3', username: 'other_dev', photo: '' } }),
  task({ id: '3', teacherId: '11', price: 500, developer: { telegramId: '2', username: 'dev_demo', photo: '' } }),
  // 150 with 20 % off: the student pays 120.
  task({ id: '4', teacherId: '11', price: 150, discount: 20, developer: { telegramId: '3', username: 'other_dev', photo: '' } }),
];
const ids = (list: { id: string }[]) => list.map((t) => t.id);

describe('filterTasks', () => {
  it('shows everything without filters (price 0 is no price filter)', () => {
    expect(ids(filterTasks(tasks, NO_FILTERS))).toEqual(['1', '2', '3', '4']);
    expect(ids(filterTasks(tasks, { ...NO_FILTERS, price: 0, mode: 'ge' }))).toEqual(['1', '2', '3', '4']);
  });

  it('keeps one teacher’s tasks', () => {
    expect(ids(filterTasks(tasks, { ...NO_FILTERS, teacherId: '11' }))).toEqual(['3', '4']);
  });

  it('matches the creator by the developer’s username', () => {
    expect(ids(filterTasks(tasks, { ...NO_FILTERS, creator: 'other_dev' }))).toEqual(['2', '4']);
    expect(ids(filterTasks(tasks, { ...NO_FILTERS, creator: 'nobody' }))).toEqual([]);
  });

  it('compares the price with <= or >= per the switch, including the bound', () => {
    expect(ids(filterTasks(tasks, { ...NO_FILTERS, price: 250, mode: 'le' }))).toEqual(['1', '2', '4']);
    expect(ids(filterTasks(tasks, { ...NO_FILTERS, price: 250, mode: 'ge' }))).toEqual(['2', '3']);
  });

  it('compares what the student pays after a discount', () => {
    expect(matchesPrice(tasks[3]!, 120, 'le')).toBe(true);
    expect(matchesPrice(tasks[3]!, 121, 'ge')).toBe(false);
  });

  it('combines all three filters', () => {
    expect(ids(filterTasks(tasks, { teacherId: '10', creator: 'dev_demo', price: 100, mode: 'le', sort: 'newest' }))).toEqual(['1']);
    expect(ids(filterTasks(tasks, { teacherId: '10', creator: 'dev_demo', price: 101, mode: 'ge', sort: 'newest' }))).toEqual([]);
  });

  it('labels the price row', () => {
    expect(priceLabel(0, 'le')).toBe('Будь-яка');
    expect(priceLabel(250, 'le')).toBe('до 250 грн');
    expect(priceLabel(250, 'ge')).toBe('від 250 грн');
  });
});

describe('filter storage', () => {
  it('keeps a subject’s selections in sessionStorage and starts clean for another subject', () => {
    writeFilters('7', { teacherId: '10' });
    writeFilters('7', { price: 300, mode: 'ge' });
    expect(readFilters('7')).toEqual({ teacherId: '10', creator: null, price: 300, mode: 'ge', sort: 'newest' });
    expect(sessionStorage.getItem(FILTERS_KEY)).toContain('"subjectId":"7"');
    expect(readFilters('8')).toEqual(NO_FILTERS);
  });

  it('clears, and survives garbage', () => {
    writeFilters('7', { creator: 'dev_demo' });
    clearFilters();
    expect(readFilters('7')).toEqual(NO_FILTERS);
    sessionStorage.setItem(FILTERS_KEY, '{not json');
    expect(readFilters('7')).toEqual(NO_FILTERS);
    sessionStorage.setItem(FILTERS_KEY, JSON.stringify({ subjectId: '7', price: -5, mode: 'x', teacherId: 3 }));
    expect(readFilters('7')).toEqual(NO_FILTERS);
  });
});
