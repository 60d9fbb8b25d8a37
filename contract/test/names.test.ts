import { describe, expect, it } from 'vitest';
import { hasVisibleText, nameKey } from '../src/names.js';

describe('nameKey', () => {
  it('ignores case, whitespace runs and invisible characters', () => {
    expect(nameKey('  Вища\u00A0 МАТЕМАТИКА\u200B ')).toBe('вища математика');
    expect(nameKey('Іваненко\u2060 І. І.')).toBe(nameKey('іваненко і. і.'));
    expect(nameKey('Фізика')).not.toBe(nameKey('Хімія'));
  });

  it('finds nothing visible in zero-width, filler or whitespace-only names', () => {
    for (const s of ['', '   ', '\u200B', '\u200B\u200C\u200D', '\uFEFF\u2060', '\u3164', '\u00AD', '\u00A0\u2003']) expect(hasVisibleText(s)).toBe(false);
    expect(hasVisibleText('Хімія\u200B')).toBe(true);
    expect(hasVisibleText('👩‍💻')).toBe(true);
  });
});
