import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@zalik/contract';

vi.mock('../../telegram/sdk', () => ({ haptic: { impact: vi.fn(), notification: vi.fn(), selection: vi.fn() } }));
vi.mock('../../ui/Lottie', () => ({ Lottie: () => null }));

import { Providers, createQueryClient } from '../../app/providers';
import { ErrorBanner, hideError } from '../../ui';
import { ChooseCourseScreen } from './ChooseCourseScreen';
import { validateCourseChoice } from './choice';

describe('validateCourseChoice', () => {
  it('accepts exactly one course', () => {
    expect(validateCourseChoice([3])).toEqual({ ok: true, course: 3 });
  });

  it("refuses none, several or an unknown course with the spec's message", () => {
    for (const sel of [[], [1, 2], [5], [1, 1]]) {
      expect(validateCourseChoice(sel)).toEqual({ ok: false, message: MSG.courseOne });
    }
  });
});

describe('ChooseCourseScreen', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async () => new Response('2', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    act(() => hideError());
    vi.unstubAllGlobals();
  });

  function renderScreen() {
    const router = createMemoryRouter(
      [
        { path: '/choose-course', element: <ChooseCourseScreen /> },
        { path: '/', element: <p>головна</p> },
        { path: '/rules', element: <p>правила</p> },
      ],
      { initialEntries: ['/choose-course'] },
    );
    render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={router} />
        <ErrorBanner />
      </Providers>,
    );
    return router;
  }

  it('shows Done only once the terms are accepted', async () => {
    const user = userEvent.setup();
    renderScreen();
    expect(screen.queryByRole('button', { name: 'Готово' })).toBeNull();
    await user.click(screen.getByRole('checkbox'));
    expect(screen.getByRole('button', { name: 'Готово' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox'));
    expect(screen.queryByRole('button', { name: 'Готово' })).toBeNull();
  });

  it('is a radio group: a tap on another course moves the choice, and Done waits for one', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('checkbox'));
    expect(screen.getByRole('button', { name: 'Готово' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /^1/ }));
    await user.click(screen.getByRole('radio', { name: /^4/ }));
    expect(screen.getByRole('radio', { name: /^1/ })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('radio', { name: /^4/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('button', { name: 'Готово' }));
    expect(screen.queryByRole('alert')).toBeNull();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe(JSON.stringify({ courseNumber: 4 }));
  });

  it('saves exactly one course and goes to the main screen', async () => {
    const user = userEvent.setup();
    const router = renderScreen();
    await user.click(screen.getByRole('radio', { name: /^2/ }));
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Готово' }));
    expect(await screen.findByText('головна')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/users/me/course');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe(JSON.stringify({ courseNumber: 2 }));
  });

  it('keeps the choice while the terms are read', async () => {
    const user = userEvent.setup();
    const router = renderScreen();
    await user.click(screen.getByRole('radio', { name: /^3/ }));
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('link', { name: 'умовами користування' }));
    expect(await screen.findByText('правила')).toBeInTheDocument();
    await act(() => router.navigate('/choose-course'));
    expect(screen.getByRole('radio', { name: /^3/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('checkbox')).toBeChecked();
  });
});
