import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEWS_SLIDE_MS } from '@zalik/contract';
import { news } from '../../../../test/fixtures';
import { NewsCarousel } from './NewsSlider';

vi.mock('../../../ui/Lottie', () => ({ Lottie: ({ name }: { name: string }) => <i data-testid="lottie" data-name={name} /> }));

const slides = [news('1', 'Ласкаво просимо', 'news-books'), news('2', 'Готово за хвилину', 'news-rocket')];
const visibleTitle = () => screen.getByRole('heading').textContent;

describe('news slider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('advances every NEWS_SLIDE_MS and wraps around', () => {
    render(<NewsCarousel slides={slides} />);
    expect(visibleTitle()).toBe('Ласкаво просимо');
    act(() => vi.advanceTimersByTime(NEWS_SLIDE_MS - 1));
    expect(visibleTitle()).toBe('Ласкаво просимо');
    act(() => vi.advanceTimersByTime(1));
    expect(visibleTitle()).toBe('Готово за хвилину');
    expect(screen.getByRole('button', { name: 'Новина 2' })).toHaveAttribute('aria-current', 'true');
    act(() => vi.advanceTimersByTime(NEWS_SLIDE_MS));
    expect(visibleTitle()).toBe('Ласкаво просимо');
  });

  it('shows each slide’s animation by name', () => {
    render(<NewsCarousel slides={[...slides, news('3', 'Третя', 'unknown-name')]} />);
    expect(screen.getAllByTestId('lottie').map((l) => l.dataset.name)).toEqual(['news-books', 'news-rocket', 'news-books']);
  });

  it('holds the slide while touched and restarts the wait after', () => {
    render(<NewsCarousel slides={slides} />);
    const viewport = screen.getByRole('region', { name: 'Новини' }).firstElementChild!;
    act(() => vi.advanceTimersByTime(NEWS_SLIDE_MS - 100));
    fireEvent.pointerDown(viewport, { clientX: 100 });
    act(() => vi.advanceTimersByTime(NEWS_SLIDE_MS * 3));
    expect(visibleTitle()).toBe('Ласкаво просимо');
    fireEvent.pointerUp(viewport, { clientX: 100 });
    act(() => vi.advanceTimersByTime(NEWS_SLIDE_MS - 1));
    expect(visibleTitle()).toBe('Ласкаво просимо');
    act(() => vi.advanceTimersByTime(1));
    expect(visibleTitle()).toBe('Готово за хвилину');
  });

  it('changes slide on a swipe and on a dot', () => {
    render(<NewsCarousel slides={slides} />);
    const viewport = screen.getByRole('region', { name: 'Новини' }).firstElementChild!;
    fireEvent.pointerDown(viewport, { clientX: 300 });
    fireEvent.pointerUp(viewport, { clientX: 200 });
    expect(visibleTitle()).toBe('Готово за хвилину');
    fireEvent.pointerDown(viewport, { clientX: 100 });
    fireEvent.pointerUp(viewport, { clientX: 200 });
    expect(visibleTitle()).toBe('Ласкаво просимо');
    // A short move is a tap, not a swipe.
    fireEvent.pointerDown(viewport, { clientX: 100 });
    fireEvent.pointerUp(viewport, { clientX: 80 });
    expect(visibleTitle()).toBe('Ласкаво просимо');
    fireEvent.click(screen.getByRole('button', { name: 'Новина 2' }));
    expect(visibleTitle()).toBe('Готово за хвилину');
  });

  it('does not move with a single slide', () => {
    render(<NewsCarousel slides={slides.slice(0, 1)} />);
    act(() => vi.advanceTimersByTime(NEWS_SLIDE_MS * 2));
    expect(visibleTitle()).toBe('Ласкаво просимо');
    expect(screen.queryByRole('button', { name: /Новина/ })).toBeNull();
  });
});
