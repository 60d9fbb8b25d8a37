import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_BANNER_MS } from '@zalik/contract';

vi.mock('../telegram/sdk', () => ({ haptic: { impact: vi.fn(), notification: vi.fn(), selection: vi.fn() } }));

import { ConfirmDialog } from './ConfirmDialog';
import { ErrorBanner } from './ErrorBanner';
import { clearErrorOnInput, clearErrorOnNavigation, hideError, showError } from './errorBanner';
import { createMemoryRouter } from 'react-router';

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

  it('belongs to the screen that raised it: leaving the screen clears it, a search change does not', async () => {
    const router = createMemoryRouter(
      [
        { path: '/support', element: null },
        { path: '/settings', element: null },
      ],
      { initialEntries: ['/support'] },
    );
    const stop = clearErrorOnNavigation(router);
    render(<ErrorBanner />);
    act(() => showError('Ви не можете завантажити більше трьох файлів'));
    await act(() => router.navigate('/support?tab=2'));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(() => router.navigate('/settings'));
    expect(screen.queryByRole('alert')).toBeNull();
    stop();
  });

  it('an edit in any field takes the banner away (the fixed input answers it)', () => {
    const stop = clearErrorOnInput(document);
    render(
      <>
        <ErrorBanner />
        <input aria-label="Сума" />
      </>,
    );
    act(() => showError('Мінімальна сума виведення — 1000 грн.'));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => {
      screen.getByLabelText('Сума').dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(screen.queryByRole('alert')).toBeNull();
    stop();
    act(() => showError('Мінімальна сума виведення — 1000 грн.'));
    act(() => {
      screen.getByLabelText('Сума').dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('opening a dialog takes an earlier banner away', () => {
    render(<ErrorBanner />);
    act(() => showError('перша'));
    const { rerender } = render(<ConfirmDialog open={false} onConfirm={() => undefined} onCancel={() => undefined} />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    rerender(<ConfirmDialog open onConfirm={() => undefined} onCancel={() => undefined} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
