import { describe, expect, it } from 'vitest';
import { WORDS, countText, pluralForm } from '../src/plural.js';

describe('Ukrainian plural forms', () => {
  it('says 1 відгук, 2 відгуки, 5 відгуків, with the teens and the twenties', () => {
    const said = [0, 1, 2, 4, 5, 11, 12, 14, 15, 21, 22, 25, 101, 111, 112, 122, 1000].map((n) => countText(n, WORDS.review));
    expect(said).toEqual([
      '0 відгуків', '1 відгук', '2 відгуки', '4 відгуки', '5 відгуків', '11 відгуків', '12 відгуків', '14 відгуків', '15 відгуків',
      '21 відгук', '22 відгуки', '25 відгуків', '101 відгук', '111 відгуків', '112 відгуків', '122 відгуки', '1000 відгуків',
    ]);
  });

  it('gives a fraction the genitive singular', () => {
    expect(pluralForm(2.5, WORDS.hour)).toBe('години');
    expect(pluralForm(1.5, WORDS.hour)).toBe('години');
  });
});
