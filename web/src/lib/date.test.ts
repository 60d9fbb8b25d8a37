import { describe, expect, it } from 'vitest';
import { dayLabel, formatDate, formatTime } from './date';
import { kyivDay } from './kyivTime';

describe('formatDate', () => {
  it('shows Kyiv time in Ukrainian (winter, UTC+2)', () => {
    expect(formatDate('2026-11-22T13:33:00.000Z')).toBe('22 листопада, 15:33, 2026');
  });

  it('follows daylight saving time (summer, UTC+3)', () => {
    expect(formatDate('2026-07-01T21:05:00Z')).toBe('2 липня, 00:05, 2026');
  });

  it('names every month in the genitive, midnight as 00, and the Kyiv date across the year end', () => {
    const months = ['січня', 'лютого', 'березня', 'квітня', 'травня', 'червня', 'липня', 'серпня', 'вересня', 'жовтня', 'листопада', 'грудня'];
    months.forEach((m, i) => {
      // Noon UTC on the 15th: the same day in Kyiv in every season.
      expect(formatDate(Date.UTC(2026, i, 15, 12, 0))).toBe(`15 ${m}, ${i >= 3 && i <= 9 ? 15 : 14}:00, 2026`);
    });
    expect(formatDate('2026-12-31T22:00:00Z')).toBe('1 січня, 00:00, 2027');
  });

  it('answers an empty string for missing or broken values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('chat dates', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it('names today and yesterday by Kyiv’s calendar, other days by date', () => {
    expect(dayLabel('2026-11-22T08:00:00Z', now)).toBe('Сьогодні');
    // 23:30 UTC on the 21st is already the 22nd in Kyiv.
    expect(dayLabel('2026-11-21T23:30:00Z', now)).toBe('Сьогодні');
    expect(dayLabel('2026-11-21T12:00:00Z', now)).toBe('Вчора');
    expect(dayLabel('2026-11-02T12:00:00Z', now)).toBe('2 листопада');
    expect(dayLabel('2025-12-31T12:00:00Z', now)).toBe('31 грудня 2025');
    expect(kyivDay('2026-11-21T23:30:00Z')).toBe('2026-11-22');
    expect(formatTime('2026-11-22T13:33:00Z')).toBe('15:33');
  });
});
