import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueSearchResults } from '@zalik/contract';
import { hideError } from '../../../ui';
import { readFilters } from '../lib/storage';
import { mockFetch, type MockRoute, renderRoutes } from '../../../../test/harness';
import { subject } from '../../../../test/fixtures';
import { tasksRoutes } from '../routes';

vi.mock('../../../ui/Lottie', () => ({ Lottie: () => null }));

const found: CatalogueSearchResults = {
  subjects: [{ id: '4', name: 'Фізика', courseNumber: 2 }],
  teachers: [{ id: '12', name: 'Ткаченко С. Ю.', subjectId: '4', subjectName: 'Фізика', courseNumber: 2 }],
  tasks: [
    { id: '77', title: 'Лабораторна робота з оптики', type: 'REGULAR', price: 150, teacherId: '12', teacherName: 'Ткаченко С. Ю.', subjectId: '4', subjectName: 'Фізика', courseNumber: 2 },
    { id: '78', title: 'Тест з оптики', type: 'TEST', price: 60, teacherId: '12', teacherName: 'Ткаченко С. Ю.', subjectId: '4', subjectName: 'Фізика', courseNumber: 2 },
  ],
};
const nothing: CatalogueSearchResults = { subjects: [], teachers: [], tasks: [] };

const routes = (): MockRoute[] => [
  { path: '/api/v1/users/me/course', body: 1 },
  { path: '/api/v1/news', body: [] },
  { path: '/api/v1/subjects/course-number/1', body: [subject('1', 'Вища математика', 1)] },
  { path: /^\/api\/v1\/search\?/, reply: (c) => Response.json(c.query.get('q') === 'оптика' ? found : nothing) },
];

afterEach(() => {
  vi.unstubAllGlobals();
  hideError();
});

const field = () => screen.findByRole('searchbox', { name: 'Пошук предметів, викладачів і завдань' });

describe('the search field on /', () => {
  it('asks once typing settles, groups the answer under headings and brings the subjects back when emptied', async () => {
    const api = mockFetch(routes());
    const { router } = renderRoutes(tasksRoutes, '/');
    await screen.findByRole('link', { name: /Вища математика/ });
    await userEvent.type(await field(), 'оптика');

    const tasks = await screen.findByRole('heading', { name: 'Завдання' });
    expect(screen.getByRole('heading', { name: 'Предмети' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Викладачі' })).toBeInTheDocument();
    expect(within(tasks.parentElement!).getByText('Лабораторна робота з оптики')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '1 курс' })).toBeNull();
    // Debounced: one question for the whole word, none for its first letters.
    expect(api.lines().filter((l) => l.startsWith('GET /api/v1/search'))).toEqual([`GET /api/v1/search?q=${encodeURIComponent('оптика')}`]);
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('оптика')}`);

    await userEvent.clear(await field());
    expect(await screen.findByRole('tab', { name: '1 курс' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Вища математика/ })).toBeInTheDocument();
  });

  it('says so in Ukrainian when nothing matches', async () => {
    mockFetch(routes());
    renderRoutes(tasksRoutes, '/');
    await userEvent.type(await field(), 'ґґґ');
    expect(await screen.findByText('За запитом «ґґґ» нічого не знайдено. Спробуйте інше слово або перевірте написання.')).toBeInTheDocument();
  });

  it('opens a task on its buying screen with its teacher, a test on the test screen', async () => {
    mockFetch(routes());
    const { router } = renderRoutes(tasksRoutes, `/?q=${encodeURIComponent('оптика')}`);
    await userEvent.click(await screen.findByRole('button', { name: /Лабораторна робота з оптики/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list-task/4/buying-task'));
    expect(router.state.location.search).toBe('?taskId=77&teacherId=12');

    await router.navigate(`/?q=${encodeURIComponent('оптика')}`);
    await userEvent.click(await screen.findByRole('button', { name: /Тест з оптики/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list-task/4/buying-test'));
  });

  it('opens a teacher as the subject’s list filtered to them, and a subject as its list', async () => {
    mockFetch(routes());
    const { router } = renderRoutes(tasksRoutes, `/?q=${encodeURIComponent('оптика')}`);
    await userEvent.click(await screen.findByRole('button', { name: /^Ткаченко С\. Ю\./ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list-task/4'));
    expect(readFilters('4').teacherId).toBe('12');

    await router.navigate(`/?q=${encodeURIComponent('оптика')}`);
    const subjects = await screen.findByRole('heading', { name: 'Предмети' });
    expect(within(subjects.parentElement!).getByRole('link', { name: /Фізика/ })).toHaveAttribute('href', '/list-task/4');
  });
});
