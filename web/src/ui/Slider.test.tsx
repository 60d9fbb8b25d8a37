import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PRICE_FILTER_MAX, PRICE_FILTER_MIN, SLIDER_MARKS } from '@zalik/contract';

vi.mock('../telegram/sdk', () => ({ haptic: { impact: vi.fn(), notification: vi.fn(), selection: vi.fn() } }));

import { Slider } from './Slider';
import { clampSnap, sliderMarks } from './slider';

describe('clampSnap', () => {
  it('clamps to the range', () => {
    expect(clampSnap(-5, 0, 500, 1)).toBe(0);
    expect(clampSnap(900, 0, 500, 1)).toBe(500);
  });

  it('snaps to the nearest step counted from min', () => {
    expect(clampSnap(12, 0, 100, 5)).toBe(10);
    expect(clampSnap(13, 0, 100, 5)).toBe(15);
    expect(clampSnap(7, 1, 100, 5)).toBe(6);
    expect(clampSnap(0.30000000000000004, 0, 1, 0.1)).toBe(0.3);
  });

  it('never snaps past max when the range is not a multiple of the step', () => {
    expect(clampSnap(99, 0, 99, 10)).toBe(99);
    expect(clampSnap(98, 0, 99, 10)).toBe(99);
  });

  it('treats a non-number as min', () => {
    expect(clampSnap(Number.NaN, 1, 500)).toBe(1);
  });
});

describe('sliderMarks', () => {
  it('spreads the marks evenly from min to max', () => {
    expect(sliderMarks(0, 500, SLIDER_MARKS)).toEqual([0, 125, 250, 375, 500]);
    expect(sliderMarks(1, 100, 5)).toEqual([1, 26, 51, 75, 100]);
  });
});

describe('Slider', () => {
  it('shows the clamped value and reports snapped values', () => {
    const onChange = vi.fn();
    render(<Slider value={9999} onChange={onChange} min={PRICE_FILTER_MIN} max={PRICE_FILTER_MAX} step={10} format={(v) => `${v} грн`} />);
    const input = screen.getByRole('slider');
    expect(input).toHaveValue(String(PRICE_FILTER_MAX));
    expect(screen.getByText('500 грн')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '137' } });
    expect(onChange).toHaveBeenLastCalledWith(141);
  });

  it(`draws ${SLIDER_MARKS} marks`, () => {
    const { container } = render(<Slider value={0} onChange={() => {}} min={0} max={500} />);
    expect(container.querySelectorAll('[aria-hidden="true"] > span')).toHaveLength(SLIDER_MARKS);
  });

  it('labels the price range 1..500 from 0 to the maximum, keeping 1 as the lowest value', () => {
    const { container } = render(<Slider value={0} onChange={() => {}} min={PRICE_FILTER_MIN} max={PRICE_FILTER_MAX} />);
    const marks = [...container.querySelectorAll('[aria-hidden="true"] > span')].map((m) => m.textContent);
    expect(marks).toEqual(['0', '125', '250', '375', '500']);
    expect(screen.getByRole('slider')).toHaveAttribute('min', String(PRICE_FILTER_MIN));
  });
});
