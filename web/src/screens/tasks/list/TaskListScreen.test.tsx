import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@zalik/contract';
import { hideError } from '../../../ui';
import { writeFilters } from '../lib/storage';
import { ADMIN, mockFetch, type MockRoute, renderRoutes, preloadLazy } from '../../../../test/harness';
import { developer, task, teacher } from '../../../../test/fixtures';
import { tasksRoutes } from '../routes';

vi.mock('../../../ui/Lottie', () => ({ Lottie: () => null }));

const SUBJECT = '7';
const routes = (): MockRoute[] => [
  { path: `/api/v1/teachers/subject/${SUBJECT}`, body: [teacher('10', 'Петренко О. В.'), teacher('11', 'Коваленко Н. С.')] },
  {
    path: '/api/v1/tasks/teacher/10',
    body: [
      task({ id: '1', title: 'Розрахункова робота', teacherId: '10', price: 120, autoGenerate: true }),
      task({ id: '2', title: 'Модульний тест', teacherId: '10', price: 90, type: 'TEST' }),
      task({ id: '3', title: 'Чернетка', teacherId: '10', price: 250, visible: false }),
    ],
  },
  {
    path: '/api/v1/tasks/teacher/11',
    body: [task({ id: '4', title: 'Контрольна робота', teacherId: '11', price: 300, developer: { telegramId: '5', username: 'other_dev', photo: '' } })],
  },
  { path: `/api/v1/users/developer/${SUBJECT}`, body: [developer('100002', 'dev_demo'), developer('5', 'other_dev')] },
];
const titles = () => screen.queryAllByRole('article').map((a) => a.getAttribute('aria-label'));

afterEach(() => {
  vi.unstubAllGlobals();
  hideError();
});

// The screens are lazy chunks: load them once, so each test renders at once.
beforeAll(() => preloadLazy(tasksRoutes));

describe('task list', () => {
  it('loads every teacher’s tasks in parallel when no teacher is chosen', async () => {
    const api = mockFetch(routes());
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}`);
    expect(screen.getByLabelText('Завантаження завдань')).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Контрольна робота' });
    // Newest first by default (the same day: the later one first).
    expect(titles()).toEqual(['Контрольна робота', 'Чернетка', 'Модульний тест', 'Розрахункова робота']);
    expect(api.endpoints()).toEqual(expect.arrayContaining(['GET /api/v1/tasks/teacher/10', 'GET /api/v1/tasks/teacher/11']));
    // The filter rows show that nothing is selected.
    expect(screen.getByRole('link', { name: /Викладач/ })).toHaveTextContent('Усі');
    expect(screen.getByRole('link', { name: /Розробник/ })).toHaveTextContent('Усі');
    expect(screen.getByRole('link', { name: /Ціна/ })).toHaveTextContent('Будь-яка');
  });

  it('applies the stored teacher, creator and price filters and shows them in the rows', async () => {
    const api = mockFetch(routes());
    writeFilters(SUBJECT, { teacherId: '10', price: 100, mode: 'ge' });
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}`);
    await screen.findByRole('article', { name: 'Розрахункова робота' });
    expect(titles()).toEqual(['Чернетка', 'Розрахункова робота']);
    expect(api.endpoints()).not.toContain('GET /api/v1/tasks/teacher/11');
    expect(screen.getByRole('link', { name: /Викладач/ })).toHaveTextContent('Петренко О. В.');
    expect(screen.getByRole('link', { name: /Ціна/ })).toHaveTextContent('від 100 грн');

    await userEvent.click(screen.getByRole('button', { name: 'Скинути фільтри' }));
    await screen.findByRole('article', { name: 'Контрольна робота' });
    expect(titles()).toHaveLength(4);
  });

  it('sorts by price or rating across teachers, keeps the sort when the filters are reset and after a reload', async () => {
    const api = mockFetch([
      ...routes().filter((r) => !String(r.path).startsWith('/api/v1/tasks/teacher/')),
      {
        path: '/api/v1/tasks/teacher/10',
        body: [
          task({ id: '1', title: 'Розрахункова робота', teacherId: '10', price: 120, rating: { average: 4.5, count: 2 } }),
          task({ id: '2', title: 'Модульний тест', teacherId: '10', price: 90, rating: { average: 4.5, count: 8 } }),
        ],
      },
      { path: '/api/v1/tasks/teacher/11', body: [task({ id: '4', title: 'Контрольна робота', teacherId: '11', price: 300, discount: 80 })] },
    ]);
    writeFilters(SUBJECT, { price: 500, mode: 'le' });
    const { unmount } = renderRoutes(tasksRoutes, `/list-task/${SUBJECT}`);
    await screen.findByRole('article', { name: 'Контрольна робота' });
    const sorts = screen.getByRole('tablist', { name: 'Сортування' });
    expect(within(sorts).getByRole('tab', { name: 'Новіші' })).toHaveAttribute('aria-selected', 'true');

    // The cheapest after the discount first: 300 − 80 % is 60.
    await userEvent.click(within(sorts).getByRole('tab', { name: 'Дешевші' }));
    expect(titles()).toEqual(['Контрольна робота', 'Модульний тест', 'Розрахункова робота']);
    // Best rated first, more reviews first on a tie, the unrated last.
    await userEvent.click(within(sorts).getByRole('tab', { name: 'За рейтингом' }));
    expect(titles()).toEqual(['Модульний тест', 'Розрахункова робота', 'Контрольна робота']);

    await userEvent.click(screen.getByRole('button', { name: 'Скинути фільтри' }));
    expect(within(sorts).getByRole('tab', { name: 'За рейтингом' })).toHaveAttribute('aria-selected', 'true');
    unmount();
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}`);
    await screen.findByRole('article', { name: 'Контрольна робота' });
    expect(titles()).toEqual(['Модульний тест', 'Розрахункова робота', 'Контрольна робота']);
    expect(api.endpoints().filter((e) => e.includes('sort'))).toEqual([]);
  });

  it('says “Немає завдань” when nothing matches', async () => {
    mockFetch(routes());
    writeFilters(SUBJECT, { creator: 'other_dev', price: 100, mode: 'le' });
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}`);
    expect(await screen.findByText(MSG.emptyTasks)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Розробник/ })).toHaveTextContent('@other_dev');
  });

  it('opens buying-task or buying-test with the task in state and its id in the URL', async () => {
    mockFetch(routes());
    const { router } = renderRoutes(tasksRoutes, `/list-task/${SUBJECT}`);
    const test = await screen.findByRole('article', { name: 'Модульний тест' });
    await userEvent.click(within(test).getByRole('button', { name: 'Придбати' }));
    expect(screen.getByTestId('path')).toHaveTextContent(`/list-task/${SUBJECT}/buying-test?taskId=2`);
    expect(JSON.parse(screen.getByTestId('state').textContent!).task.id).toBe('2');

    await router.navigate(-1);
    await userEvent.click(await screen.findByRole('article', { name: 'Розрахункова робота' }));
    expect(screen.getByTestId('path')).toHaveTextContent(`/list-task/${SUBJECT}/buying-task?taskId=1`);
  });

  it('hides admin affordances from students', async () => {
    mockFetch(routes());
    writeFilters(SUBJECT, { teacherId: '10' });
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}`);
    const card = await screen.findByRole('article', { name: 'Розрахункова робота' });
    expect(screen.queryByRole('button', { name: '+ Додати завдання' })).toBeNull();
    expect(screen.queryByRole('img', { name: /Видиме|Приховане/ })).toBeNull();
    fireEvent.contextMenu(card);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('gives admins the eye icons, “+ Додати завдання” with a teacher chosen, and edit from the menu', async () => {
    mockFetch(routes());
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}`, ADMIN);
    await screen.findByRole('article', { name: 'Чернетка' });
    expect(screen.getByRole('img', { name: 'Приховане від студентів' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Видиме студентам' })).toHaveLength(3);
    // Adding needs a teacher (spec 6).
    expect(screen.queryByRole('button', { name: '+ Додати завдання' })).toBeNull();

    fireEvent.contextMenu(screen.getByRole('article', { name: 'Чернетка' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Редагувати' }));
    expect(screen.getByTestId('path')).toHaveTextContent(`/list-task/edit-task/${SUBJECT}?taskId=3`);
    expect(JSON.parse(screen.getByTestId('state').textContent!).task.title).toBe('Чернетка');
  });

  it('opens add-task for the chosen teacher', async () => {
    mockFetch(routes());
    writeFilters(SUBJECT, { teacherId: '11' });
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}`, ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: '+ Додати завдання' }));
    expect(screen.getByTestId('path')).toHaveTextContent(`/list-task/add-task/${SUBJECT}?teacherId=11`);
  });

  it('deletes a task after the confirmation and refetches the list', async () => {
    const api = mockFetch(routes());
    api.on({ method: 'DELETE', path: '/api/v1/tasks/3', body: { ok: true } });
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}`, ADMIN);
    fireEvent.contextMenu(await screen.findByRole('article', { name: 'Чернетка' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Видалити' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(MSG.confirmTitle);
    expect(dialog).toHaveTextContent(MSG.confirmText);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Скасувати' }));
    expect(api.endpoints()).not.toContain('DELETE /api/v1/tasks/3');

    fireEvent.contextMenu(screen.getByRole('article', { name: 'Чернетка' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Видалити' }));
    // The server now lists teacher 10 without the deleted task.
    api.on({ path: '/api/v1/tasks/teacher/10', body: [task({ id: '1', title: 'Розрахункова робота', teacherId: '10' })] });
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Підтвердити' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Чернетка' })).toBeNull());
    expect(api.endpoints()).toContain('DELETE /api/v1/tasks/3');
  });

  it('shows the server’s message when a delete fails, or the spec’s fallback', async () => {
    const api = mockFetch(routes());
    api.on({ method: 'DELETE', path: '/api/v1/tasks/1', status: 403, body: { message: MSG.forbidden } });
    api.on({ method: 'DELETE', path: '/api/v1/tasks/2', status: 500 });
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}`, ADMIN);

    const remove = async (name: string) => {
      fireEvent.contextMenu(await screen.findByRole('article', { name }));
      await userEvent.click(screen.getByRole('menuitem', { name: 'Видалити' }));
      await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Підтвердити' }));
    };
    await remove('Розрахункова робота');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.forbidden);
    await remove('Модульний тест');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.fallbackDelete));
    expect(screen.getByRole('article', { name: 'Модульний тест' })).toBeInTheDocument();
  });

  it('groups every teacher’s tasks under a heading per teacher, the teacher of the best task first', async () => {
    mockFetch(routes());
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}`);
    const kovalenko = await screen.findByRole('region', { name: 'Коваленко Н. С.' });
    const petrenko = screen.getByRole('region', { name: 'Петренко О. В.' });
    expect(within(petrenko).getByRole('heading', { level: 2 })).toHaveTextContent('Петренко О. В. · 3');
    expect(within(petrenko).getAllByRole('article').map((a) => a.getAttribute('aria-label')).sort()).toEqual(['Модульний тест', 'Розрахункова робота', 'Чернетка']);
    expect(within(kovalenko).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Контрольна робота']);
  });

  it('shows no teacher headings once one teacher is chosen', async () => {
    mockFetch(routes());
    writeFilters(SUBJECT, { teacherId: '11' });
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}`);
    await screen.findByRole('article', { name: 'Контрольна робота' });
    expect(screen.queryByRole('region')).toBeNull();
  });
});
