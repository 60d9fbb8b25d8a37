import { describe, expect, it } from 'vitest';
import { changesOf, targetText } from './AuditEntryRow';

describe('an audit entry in words', () => {
  it('names what was acted on, in Ukrainian', () => {
    expect(targetText('order:45')).toBe('Замовлення 45');
    expect(targetText('tasks:3,4')).toBe('Завдання 3, 4');
    expect(targetText('maintenance')).toBe('Технічне обслуговування');
    expect(targetText('wallet:100001:general')).toBe('Гаманець користувача 100001 (загальний)');
    expect(targetText('something:7')).toBe('something:7');
  });

  it('shows each recorded field with its value before and after, labels and states translated', () => {
    expect(changesOf({ before: { banned: false }, after: { banned: true } })).toEqual([{ field: 'Заблоковано', before: 'ні', after: 'так' }]);
    expect(changesOf({ before: { status: 'PENDING' }, after: { status: 'PAID', amountUah: 120.5 } })).toEqual([
      { field: 'Статус', before: 'очікує', after: 'сплачено' },
      { field: 'Сума, грн', before: '—', after: '120,5' },
    ]);
    expect(changesOf({ before: { title: 'Лаба 1' }, after: null })).toEqual([{ field: 'Назва', before: 'Лаба 1', after: null }]);
    expect(changesOf({ before: null, after: { tags: ['ПІБ', 'Варіант'], unknownField: 3 } })).toEqual([
      { field: 'Теги', before: null, after: 'ПІБ, Варіант' },
      { field: 'unknownField', before: null, after: '3' },
    ]);
  });
});
