import { describe, expect, it } from 'vitest';
import { formatDate } from './date';

describe('formatDate', () => {
  it('shows Kyiv time in Ukrainian (winter, UTC+2)', () => {
    expect(formatDate('2026-11-22T13:33:00.000Z')).toBe('22 листопада, 15:33, 2026');
  });

  it('follows daylight saving time (summer, UTC+3)', () => {
    expect(formatDate('2026-07-01T21:05:00Z')).toBe('2 липня, 00:05, 2026');
  });

  it('answers an empty string for missing or broken values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
