import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@zalik/contract';
import { hideError } from '../../../ui';
import { readFilters, writeFilters } from '../lib/storage';
import { ADMIN, mockFetch, type MockRoute, renderRoutes } from '../../../../test/harness';
import { news, subject } from '../../../../test/fixtures';
import { tasksRoutes } from '../routes';
import { MainLayout } from '../../../app/MainLayout';

vi.mock('../../../ui/Lottie', () => ({ Lottie: () => null }));

const routes = (course = 3): MockRoute[] => [
  { path: '/api/v1/users/me/course', body: course },
  { path: '/api/v1/news', body: [news('1', 'Ласкаво просимо'), news('2', 'Готово за хвилину'), news('3', 'Третя новина')] },
  { path: '/api/v1/subjects/course-number/1', body: [subject('1', 'Вища математика', 1), subject('2', 'Фізика', 1)] },
  { path: '/api/v1/subjects/course-number/2', body: [] },
  { path: '/api/v1/subjects/course-number/3', body: [subject('9', 'Комп’ютерні мережі', 3)] },
];

afterEach(() => {
  vi.unstubAllGlobals();
  hideError();
});

/** Right-clicks the card until its menu opens: an admin's card gets its menu from a lazy chunk. */
const openMenu = (name: RegExp) =>
  waitFor(() => {
    fireEvent.contextMenu(screen.getByRole('link', { name }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

describe('subjects on /', () => {
  it('starts on the user’s course, switches tabs and shows the empty state', async () => {
    mockFetch(routes(3));
    const { router } = renderRoutes(tasksRoutes, '/');
    expect(await screen.findByRole('tab', { name: '3 курс', selected: true })).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: /Комп’ютерні мережі/ });
    expect(card).toHaveAttribute('href', '/list-task/9');

    await userEvent.click(screen.getByRole('tab', { name: '1 курс' }));
    expect(await screen.findByRole('link', { name: /Вища математика/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Фізика/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?course=1');

    await userEvent.click(screen.getByRole('tab', { name: '2 курс' }));
    expect(await screen.findByText('Для 2 курсу ще немає предметів')).toBeInTheDocument();
  });

  it('shows NEWS_SLIDES news slides', async () => {
    mockFetch(routes());
    renderRoutes(tasksRoutes, '/');
    const slider = await screen.findByRole('region', { name: 'Новини' });
    expect(within(slider).getAllByRole('group', { hidden: true })).toHaveLength(2);
    expect(within(slider).getByRole('heading', { name: 'Ласкаво просимо' })).toBeInTheDocument();
  });

  it('opens a subject’s list with the subject in state', async () => {
    mockFetch([...routes(1), { path: /^\/api\/v1\/teachers\/subject\/2$/, body: [] }]);
    renderRoutes(tasksRoutes, '/');
    await userEvent.click(await screen.findByRole('link', { name: /Фізика/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Фізика' })).toBeInTheDocument();
    expect(await screen.findByText(MSG.emptyTasks)).toBeInTheDocument();
  });

  it('has no admin controls for students', async () => {
    mockFetch(routes(1));
    renderRoutes(tasksRoutes, '/');
    const card = await screen.findByRole('link', { name: /Фізика/ });
    expect(screen.queryByRole('button', { name: '+ Додати предмет' })).toBeNull();
    fireEvent.contextMenu(card);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('lets admins add, edit and delete subjects', async () => {
    const api = mockFetch(routes(1));
    api.on({ method: 'DELETE', path: '/api/v1/subjects/2', status: 404, body: { message: MSG.subjectNotFound } });
    renderRoutes(tasksRoutes, '/', ADMIN);
    await openMenu(/Фізика/);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Видалити' }));
    await userEvent.click(screen.getByRole('button', { name: 'Підтвердити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.subjectNotFound);

    await openMenu(/Фізика/);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Редагувати' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/edit-subject');
    expect(JSON.parse(screen.getByTestId('state').textContent!).subject).toEqual(subject('2', 'Фізика', 1));
  });

  it('opens add-subject for admins', async () => {
    mockFetch(routes(1));
    renderRoutes(tasksRoutes, '/', ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: '+ Додати предмет' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/add-subject');
  });
});

describe('filters and the list area', () => {
  it('keeps the filters inside /list-task and clears them on leaving it', async () => {
    mockFetch([...routes(1), { path: /^\/api\/v1\/teachers\/subject\/1$/, body: [] }]);
    writeFilters('1', { price: 200 });
    const { router } = renderRoutes(tasksRoutes, '/list-task/1', undefined, { browser: true, layout: <MainLayout /> });
    await screen.findByText(MSG.emptyTasks);

    // The buying screens (another area, under /list-task) keep them.
    await router.navigate('/list-task/1/buying-task?taskId=5');
    await screen.findByTestId('elsewhere');
    expect(readFilters('1').price).toBe(200);
    await router.navigate('/list-task/1/choose-price');
    await screen.findByRole('slider');
    expect(readFilters('1').price).toBe(200);

    // Another area: cleared.
    await router.navigate('/wallet');
    await screen.findByTestId('elsewhere');
    await waitFor(() => expect(readFilters('1').price).toBe(0));

    // The subjects screen is outside the list area too.
    writeFilters('1', { price: 200 });
    await router.navigate('/list-task/1');
    await screen.findByText(MSG.emptyTasks);
    expect(readFilters('1').price).toBe(200);
    await router.navigate('/');
    await screen.findByRole('tablist');
    // Clearing is an effect of the navigation; it may run just after the tabs appear.
    await waitFor(() => expect(readFilters('1').price).toBe(0));

    // Leaving from a buying screen (not one of the list's own screens) clears them too.
    writeFilters('1', { price: 200 });
    await router.navigate('/list-task/1/buying-task?taskId=5');
    await screen.findByTestId('elsewhere');
    expect(readFilters('1').price).toBe(200);
    await router.navigate('/settings');
    await waitFor(() => expect(readFilters('1').price).toBe(0));
  });
});
