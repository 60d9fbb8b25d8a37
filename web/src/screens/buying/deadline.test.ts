import { describe, expect, it } from 'vitest';
import { durationText } from './deadline';

describe("a task's deadline in words", () => {
  it('counts minutes, hours and whole days with Ukrainian plurals', () => {
    expect(durationText(0.5)).toBe('30 хвилин');
    expect(durationText(1 / 60)).toBe('1 хвилина');
    expect(durationText(1)).toBe('1 година');
    expect(durationText(3)).toBe('3 години');
    expect(durationText(11)).toBe('11 годин');
    expect(durationText(21)).toBe('21 година');
    expect(durationText(24)).toBe('24 години');
    expect(durationText(36)).toBe('36 годин');
    expect(durationText(1.5)).toBe('1,5 години');
    expect(durationText(72)).toBe('3 дні');
    expect(durationText(120)).toBe('5 днів');
  });
});
