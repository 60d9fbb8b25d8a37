import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_BANNER_MS } from '@zalik/contract';

vi.mock('../telegram/sdk', () => ({ haptic: { impact: vi.fn(), notification: vi.fn(), selection: vi.fn() } }));

import { ErrorBanner } from './ErrorBanner';
import { hideError, showError } from './errorBanner';

describe('ErrorBanner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => hideError());
    vi.useRealTimers();
  });

  it(`shows the message and hides it after ${ERROR_BANNER_MS} ms`, () => {
    render(<ErrorBanner />);
    act(() => showError('Недостатньо коштів на балансі.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Недостатньо коштів на балансі.');
    act(() => vi.advanceTimersByTime(ERROR_BANNER_MS - 1));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a new error replaces the old one and gets its own full time', () => {
    render(<ErrorBanner />);
    act(() => showError('перша'));
    act(() => vi.advanceTimersByTime(ERROR_BANNER_MS - 1000));
    act(() => showError('друга'));
    expect(screen.getByRole('alert')).toHaveTextContent('друга');
    act(() => vi.advanceTimersByTime(ERROR_BANNER_MS - 1));
    expect(screen.getByRole('alert')).toHaveTextContent('друга');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('can be closed by hand', () => {
    render(<ErrorBanner />);
    act(() => showError('помилка'));
    act(() => screen.getByRole('button', { name: 'Закрити' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
