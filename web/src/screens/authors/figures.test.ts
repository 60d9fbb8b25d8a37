import { describe, expect, it } from 'vitest';
import { AUTHOR_LEVELS } from '@zalik/contract';
import { nextLevelText, onTimeText, waitText } from './figures';

describe("an author's figures in words", () => {
  it('says a wait after “за” in the accusative, rounded to minutes, hours or days', () => {
    expect([0.2, 1, 3, 5, 21, 59].map(waitText)).toEqual(['1 хвилину', '1 хвилину', '3 хвилини', '5 хвилин', '21 хвилину', '59 хвилин']);
    expect([60, 135, 300, 21 * 60, 47 * 60].map(waitText)).toEqual(['1 годину', '2 години', '5 годин', '21 годину', '47 годин']);
    expect([48 * 60, 5 * 1440].map(waitText)).toEqual(['2 дні', '5 днів']);
  });

  it('says the on-time share with its count, or that nothing was delivered yet', () => {
    expect(onTimeText({ onTimeShare: 6 / 7, deliveries: 7 })).toBe('86 % (6 з 7)');
    expect(onTimeText({ onTimeShare: null, deliveries: 0 })).toBe('Ще не було ручних замовлень');
  });

  it('says what the next level needs', () => {
    expect(nextLevelText(AUTHOR_LEVELS[1])).toBe('5 замовлень і 3 відгуки із середньою оцінкою від 4,0, вчасно — від 80 %');
  });
});
