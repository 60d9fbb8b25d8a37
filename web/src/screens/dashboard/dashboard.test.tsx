import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardBacklog, DashboardDaily, DashboardDevelopers, DashboardFigures, DashboardTop } from '@zalik/contract';
import { hideError } from '../../ui';
import * as sdk from '../../telegram/sdk';
import { ADMIN, mockFetch, renderRoutes, STUDENT, type MockRoute } from '../../../test/harness';
import { niceMax } from './Chart';
import { changeOf } from './format';
import { dashboardRoutes } from './routes';

const span = { from: '2026-11-18T22:00:00.000Z', to: '2026-11-25T10:00:00.000Z', previousFrom: '2026-11-11T22:00:00.000Z', previousTo: '2026-11-18T10:00:00.000Z' };
const f = (value: number, previous: number) => ({ value, previous });
const FIGURES: DashboardFigures = {
  period: '7d',
  ...span,
  revenue: { sales: f(1250, 1000), refunds: f(100, 0), fees: f(30, 40) },
  explanations: { revenue: f(6, 2), tokens: f(1200, 300) },
  topups: { admin: f(500, 500), stars: f(200, 0), monobank: f(300, 100) },
  purchases: { auto: f(7, 5), manual: f(3, 3) },
  users: { new: f(4, 2), active: f(12, 9) },
};
const BACKLOG: DashboardBacklog = {
  period: '7d', at: span.to, previousAt: span.from,
  waiting: f(5, 2), overdue: f(1, 2), disputes: f(0, 0), withdrawals: { count: f(2, 1), sum: f(350, 100) },
  botInbox: { waiting: 3, oldestSeconds: 125, failed: 1 },
};
// The daily chart's snapshot is the oldest on screen: 11:58 in Kyiv, two minutes before the others.
const DAILY: DashboardDaily = {
  at: '2026-11-25T09:58:00.000Z',
  days: Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10),
    purchases: i % 4, auto: i % 2, manual: (i % 4) - (i % 2), sales: (i % 4) * 100, fees: (i % 4) * 10,
  })),
};
const TOP: DashboardTop = {
  period: '7d', ...span,
  tasks: [{ taskId: '9', title: 'Курсова робота', subject: 'Фізика', sales: 3, amount: 750 }],
  subjects: [{ subjectId: '4', name: 'Фізика', courseNumber: 2, sales: 3, amount: 750 }],
};
const DEVS: DashboardDevelopers = {
  period: '7d', ...span,
  developers: [{ telegramId: '100002', username: 'dev_demo', name: 'Тарас Мельник', delivered: 4, onTimePercent: 75, earned: 640 }],
};
const routes = (): MockRoute[] => [
  { path: /^\/api\/v1\/dashboard\/figures\?period=/, reply: (c) => Response.json({ ...FIGURES, period: c.query.get('period') }) },
  { path: /^\/api\/v1\/dashboard\/backlog\?period=/, body: BACKLOG },
  { path: '/api/v1/dashboard/daily', body: DAILY },
  { path: /^\/api\/v1\/dashboard\/top\?period=/, body: TOP },
  { path: /^\/api\/v1\/dashboard\/developers\?period=/, body: DEVS },
  { method: 'POST', path: '/api/v1/dashboard/exports', body: { link: 'https://zalik.test/api/v1/dashboard/exports/orders?sig=1', fileName: 'zalik-orders.csv' } },
];

afterEach(() => {
  vi.unstubAllGlobals();
  hideError();
});

describe('admin dashboard', () => {
  it('shows each figure with its change, coloured by whether more is good news', async () => {
    mockFetch(routes());
    renderRoutes(dashboardRoutes, '/settings/admin-panel/dashboard', ADMIN);
    const sales = await screen.findByRole('group', { name: /^Продажі: 1\s250 грн, більше на 25 %/ });
    expect(within(sales).getByText(/25 %/).className).toMatch(/good/);
    // Refunds grew from nothing: the difference itself, in red.
    const refunds = screen.getByRole('group', { name: /^Повернення:/ });
    expect(within(refunds).getByText(/\+100 грн/).className).toMatch(/bad/);
    // More orders waiting than when the week began is bad news; fewer overdue is good.
    expect(within(screen.getByRole('group', { name: /^Чекають здачі:/ })).getByText(/150 %/).className).toMatch(/bad/);
    expect(within(screen.getByRole('group', { name: /^Прострочені:/ })).getByText(/50 %/).className).toMatch(/good/);
    expect(screen.getByRole('group', { name: /^Відкриті спори: 0, без змін/ })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /^Усього: 1\s000 грн/ })).toHaveAttribute('data-previous', '600');
    expect(screen.getByRole('group', { name: /^Заявки на виведення:/ })).toHaveTextContent('350 грн');
    // The bot's inbox: its backlog, the age of the oldest update and the updates given up.
    expect(screen.getByRole('group', { name: 'Чекають обробки: 3' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Найдовше чекає: 2 хв' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Не оброблені: 1' })).toBeInTheDocument();
  });

  it('draws 30 days of bars and lines whose numbers are the answer’s, and the top lists and leaderboard', async () => {
    mockFetch(routes());
    const { container } = renderRoutes(dashboardRoutes, '/settings/admin-panel/dashboard', ADMIN);
    await screen.findByRole('img', { name: 'Покупки за 30 днів' });
    const bars = container.querySelectorAll('svg[data-kind="bars"] g[data-date]');
    expect([...bars].map((g) => [g.getAttribute('data-date'), Number(g.getAttribute('data-auto')), Number(g.getAttribute('data-manual'))])).toEqual(
      DAILY.days.map((d) => [d.date, d.auto, d.manual]),
    );
    const points = container.querySelectorAll('svg[data-kind="lines"] g[data-date]');
    expect([...points].map((g) => Number(g.getAttribute('data-sales')))).toEqual(DAILY.days.map((d) => d.sales));
    expect(await screen.findByText('Курсова робота')).toBeInTheDocument();
    expect(screen.getByText('Фізика · 3 продажі')).toBeInTheDocument();
    expect(screen.getByText('Здано: 4 · вчасно 75 %')).toBeInTheDocument();
    expect(screen.getByText('640 грн')).toBeInTheDocument();
  });

  it('says once, under the title, when the oldest panel on screen was computed, in Kyiv time', async () => {
    mockFetch(routes());
    renderRoutes(dashboardRoutes, '/settings/admin-panel/dashboard', ADMIN);
    expect(await screen.findByText('Оновлено о 11:58')).toBeInTheDocument();
    expect(screen.getAllByText(/^Оновлено о/)).toHaveLength(1);
  });

  it('switches the period through the address and asks every panel again', async () => {
    const api = mockFetch(routes());
    renderRoutes(dashboardRoutes, '/settings/admin-panel/dashboard', ADMIN);
    await screen.findByRole('group', { name: /^Продажі:/ });
    await userEvent.click(screen.getByRole('tab', { name: '30 днів' }));
    await waitFor(() =>
      expect(api.lines()).toEqual(expect.arrayContaining(['GET /api/v1/dashboard/figures?period=30d', 'GET /api/v1/dashboard/developers?period=30d'])),
    );
    expect(screen.getByRole('tab', { name: '30 днів' })).toHaveAttribute('aria-selected', 'true');
  });

  it('exports: asks for a signed link for the chosen days and hands it to the download', async () => {
    const download = vi.spyOn(sdk, 'downloadFile').mockResolvedValue();
    const api = mockFetch(routes());
    renderRoutes(dashboardRoutes, '/settings/admin-panel/dashboard', ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: 'Замовлення' }));
    await waitFor(() => expect(download).toHaveBeenCalledWith('https://zalik.test/api/v1/dashboard/exports/orders?sig=1', 'zalik-orders.csv'));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ kind: 'orders', from: expect.stringMatching(/^\d{4}-\d{2}-01$/), to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('is for admins only: a student is sent back to the settings', async () => {
    const api = mockFetch(routes());
    renderRoutes(dashboardRoutes, '/settings/admin-panel/dashboard', STUDENT);
    await waitFor(() => expect(screen.queryByText('Дашборд')).not.toBeInTheDocument());
    expect(api.lines().filter((l) => l.includes('/dashboard/'))).toEqual([]);
  });
});

describe('chart and change arithmetic', () => {
  it('rounds the chart top up to 1, 2, 2.5 or 5 of a power of ten; counts to an even whole number', () => {
    expect([0, 3, 7, 12, 230, 2400].map((v) => niceMax(v))).toEqual([1, 5, 10, 20, 250, 2500]);
    expect([0, 1, 3].map((v) => niceMax(v, true))).toEqual([2, 2, 6]);
  });
  it('says the change as a percent, or as the difference when there was nothing before', () => {
    const n = (x: number) => String(x);
    expect(changeOf(150, 100, n)).toEqual({ direction: 'up', text: '50 %' });
    expect(changeOf(5, 0, n)).toEqual({ direction: 'up', text: '+5' });
    expect(changeOf(0, 4, n)).toEqual({ direction: 'down', text: '100 %' });
    expect(changeOf(3, 3, n)).toEqual({ direction: 'flat', text: 'без змін' });
  });
});
