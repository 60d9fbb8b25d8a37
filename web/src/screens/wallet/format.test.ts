import { describe, expect, it } from 'vitest';
import { counterpartOf, groupCard, keepCardTogether, parseUah, signedAmount, SYSTEM_PARTY } from './format';

// formatUah groups thousands with a (locale's) no-break space: compare with plain spaces.
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('wallet formatting', () => {
  it('signs money in with + and everything else with a minus, in грн', () => {
    expect(plain(signedAmount({ transactionType: 'DEPOSIT', amount: 1500 }))).toBe('+1 500 грн');
    expect(signedAmount({ transactionType: 'PURCHASE', amount: 120 })).toBe('\u2212120 грн');
    expect(signedAmount({ transactionType: 'WITHDRAWAL', amount: 237.5 })).toBe('\u2212237,50 грн');
  });

  it('reads typed amounts with a comma or a point, and tells empty from not-a-number', () => {
    expect(parseUah('250,50')).toBe(250.5);
    expect(parseUah(' 1 000 ')).toBe(1000);
    expect(parseUah('')).toBeNull();
    expect(parseUah('0')).toBe(0);
    expect(parseUah('12a')).toBeNaN();
    expect(parseUah('-5')).toBeNaN();
  });

  it('groups a card number by four digits', () => {
    expect(groupCard('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(groupCard('41 111111 11111111')).toBe('4111 1111 1111 1111');
    expect(groupCard('411111')).toBe('4111 11');
  });

  it('keeps a masked card number on one line', () => {
    expect(keepCardTogether('Виведення на картку •••• 4242')).toBe('Виведення на картку ••••\u00a04242');
  });

  it('puts the task behind purchases, sales and refunds, and the system behind the rest', () => {
    expect(counterpartOf('Покупка: Лабораторна робота 1')).toBe('Лабораторна робота 1');
    expect(counterpartOf('Продаж: Тест: керування пам’яттю')).toBe('Тест: керування пам’яттю');
    expect(counterpartOf('Повернення коштів: Реферат')).toBe('Реферат');
    expect(counterpartOf('Повернення коштів: виведення відхилено •••• 1111')).toBe(SYSTEM_PARTY);
    for (const label of ['Поповнення', 'Бонус за запрошення', 'Виведення на картку •••• 1111', 'Покупка']) {
      expect(counterpartOf(label)).toBe(SYSTEM_PARTY);
    }
  });
});
