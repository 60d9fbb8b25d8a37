import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadMore } from './LoadMore';

/** An IntersectionObserver the test drives: `scrollIntoView()` says every observed element is now seen. */
let observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
class FakeObserver {
  private entry: { callback: IntersectionObserverCallback; targets: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: [] };
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.targets.push(el);
  }
  disconnect() {
    observers = observers.filter((o) => o !== this.entry);
  }
}
const scrollIntoView = () =>
  act(() => {
    for (const o of observers) o.callback(o.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry), {} as IntersectionObserver);
  });

beforeEach(() => {
  observers = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

const pages = (over: Partial<Parameters<typeof LoadMore>[0]['pages']> = {}) => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: vi.fn(),
  ...over,
});

describe('LoadMore', () => {
  it('loads the next page when it scrolls into view, and shows the skeleton while it comes', () => {
    const next = pages();
    const { rerender } = render(<LoadMore pages={next} skeleton={<p>завантаження</p>} />);
    scrollIntoView();
    expect(next.fetchNextPage).toHaveBeenCalledTimes(1);
    rerender(<LoadMore pages={{ ...next, isFetchingNextPage: true }} skeleton={<p>завантаження</p>} />);
    expect(screen.getByText('завантаження')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Показати ще' })).toBeNull();
  });

  it('after a failed next page waits for a tap instead of asking again each time it is seen', async () => {
    const failed = pages({ isFetchNextPageError: true });
    render(<LoadMore pages={failed} skeleton={null} />);
    scrollIntoView();
    scrollIntoView();
    expect(failed.fetchNextPage).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    expect(failed.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('says nothing after the last page', () => {
    render(<LoadMore pages={pages({ hasNextPage: false })} skeleton={<p>завантаження</p>} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('завантаження')).toBeNull();
  });
});
