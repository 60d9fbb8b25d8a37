import { describe, expect, it } from 'vitest';
import { fromKyivLocal, toKyivLocal } from './kyivTime';

describe('Kyiv wall time', () => {
  it('reads a datetime-local value as Kyiv time, summer and winter', () => {
    expect(fromKyivLocal('2026-09-01T00:00')).toBe('2026-08-31T21:00:00.000Z');
    expect(fromKyivLocal('2026-12-24T18:30')).toBe('2026-12-24T16:30:00.000Z');
  });

  it('shows an instant as Kyiv wall time', () => {
    expect(toKyivLocal('2026-08-31T21:00:00.000Z')).toBe('2026-09-01T00:00');
    expect(toKyivLocal('2026-12-24T16:30:00+00:00')).toBe('2026-12-24T18:30');
  });

  it('round-trips around the clock changes', () => {
    for (const local of ['2026-03-29T02:59', '2026-03-29T04:00', '2026-10-25T02:30', '2026-10-25T04:00']) {
      expect(toKyivLocal(fromKyivLocal(local))).toBe(local);
    }
  });

  it('answers null or empty for nothing and for bad values', () => {
    expect(fromKyivLocal('')).toBeNull();
    expect(fromKyivLocal('2026-09-01')).toBeNull();
    expect(toKyivLocal(null)).toBe('');
    expect(toKyivLocal('вчора')).toBe('');
  });
});
