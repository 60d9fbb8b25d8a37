import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@zalik/contract';
import { ADMIN, mockFetch, type MockRoute, renderRoutes, screenSuite } from '../../../../test/harness';
import { developer, task, teacher } from '../../../../test/fixtures';
import { ADD_KEY } from './draft';
import { catalogueAdminRoutes } from '../routes';

vi.mock('../../../ui/Lottie', () => ({ Lottie: () => null }));

const renderAdmin = screenSuite(catalogueAdminRoutes, ADMIN);

const ARGS = [
  { id: '1', name: 'Варіант', description: 'Номер варіанта' },
  { id: '2', name: 'Група', description: 'Шифр групи' },
];
const routes = (): MockRoute[] => [
  { path: '/api/v1/teachers/subject/7', body: [teacher('10', 'Петренко О. В.')] },
  { path: '/api/v1/arguments', body: ARGS },
  { path: '/api/v1/users/role/ROLE_DEVELOPER', body: [developer('100002', 'dev_demo'), developer('5', 'other_dev')] },
];
const LIST = '/list-task/7';
const FORM = { pathname: '/list-task/add-task/7', search: '?teacherId=10', state: { teacher: teacher('10', 'Петренко О. В.') } };
const stored = () => JSON.parse(sessionStorage.getItem(ADD_KEY) ?? 'null');

describe('add-task', () => {
  it('keeps typed values while the admin visits the pickers, and the pickers refuse bad choices', async () => {
    mockFetch(routes());
    renderAdmin([LIST, FORM]);
    expect(await screen.findByText('Викладач: Петренко О. В.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Назва'), 'Лабораторна 1');
    await userEvent.type(screen.getByLabelText('Ціна, грн'), '150');
    expect(stored()).toMatchObject({ title: 'Лабораторна 1', price: '150', teacherId: '10' });

    // Type: none chosen -> refused; one -> back to the form with the values still there.
    await userEvent.click(screen.getByRole('button', { name: /Тип/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Готово' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.taskTypeInvalid);
    await userEvent.click(screen.getByRole('checkbox', { name: /Тест/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Готово' }));
    expect(await screen.findByLabelText('Назва')).toHaveValue('Лабораторна 1');
    expect(screen.getByLabelText('Ціна, грн')).toHaveValue('150');
    expect(screen.getByRole('button', { name: /Тип/ })).toHaveTextContent('Тест');

    // Developer: two -> 'Розробник повинен бути лише один'; one -> chosen.
    await userEvent.click(screen.getByRole('button', { name: /Розробник/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /@dev_demo/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /@other_dev/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Готово' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.developerOne);
    await userEvent.click(screen.getByRole('checkbox', { name: /@other_dev/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Готово' }));
    expect(await screen.findByRole('button', { name: /Розробник/ })).toHaveTextContent('@dev_demo');
    expect(screen.getByLabelText('Назва')).toHaveValue('Лабораторна 1');
  });

  it('restores the draft after a reload of a picker', async () => {
    mockFetch(routes());
    sessionStorage.setItem(
      ADD_KEY,
      JSON.stringify({ subjectId: '7', teacherId: '10', teacherName: 'Петренко О. В.', title: 'Курсова', price: '300', type: 'REGULAR' }),
    );
    renderAdmin('/list-task/add-task/7/choose-type');
    expect(await screen.findByRole('checkbox', { name: /Звичайне/ })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Готово' }));
    expect(await screen.findByLabelText('Назва')).toHaveValue('Курсова');
  });

  it('orders arguments as tapped, adds a new one, validates its fields, and creates the task', async () => {
    const api = mockFetch(routes());
    api.on({ method: 'POST', path: '/api/v1/arguments/argument', status: 201, body: { id: '3', name: 'ПІБ', description: 'Прізвище' } });
    api.on({ method: 'POST', path: '/api/v1/tasks/task', status: 201, body: task({ id: '77' }) });
    sessionStorage.setItem(
      ADD_KEY,
      JSON.stringify({ subjectId: '7', teacherId: '10', teacherName: 'П', title: 'Лаба', price: '120', type: 'REGULAR', developer: { telegramId: '100002', username: 'dev_demo' } }),
    );
    const { router } = renderAdmin([LIST, '/list-task/add-task/7']);
    await userEvent.click(await screen.findByRole('button', { name: /Аргументи/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Група/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Варіант/ }));
    expect(screen.getByRole('checkbox', { name: /Група/ })).toHaveTextContent('1');
    expect(screen.getByRole('checkbox', { name: /Варіант/ })).toHaveTextContent('2');

    await userEvent.click(screen.getByRole('button', { name: '+ Новий аргумент' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Додати аргумент' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([MSG.nameLength, MSG.nameLength]);
    await userEvent.type(screen.getByLabelText('Назва (підпис поля)'), 'ПІБ');
    await userEvent.type(screen.getByLabelText('Опис (підказка в полі)'), 'Прізвище');
    await userEvent.click(screen.getByRole('button', { name: 'Додати аргумент' }));
    await userEvent.click(await screen.findByRole('button', { name: /Готово \(3\)/ }));

    await userEvent.click(await screen.findByRole('button', { name: 'Додати завдання' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    expect(api.bodies('POST', '/api/v1/tasks/task')).toEqual([
      {
        title: 'Лаба',
        description: '',
        identifier: '',
        price: 120,
        type: 'REGULAR',
        developerTelegramId: '100002',
        autoGenerate: false,
        teacherId: '10',
        args: ['2', '1', '3'],
      },
    ]);
    await waitFor(() => expect(sessionStorage.getItem(ADD_KEY)).toBeNull());
  });

  it('marks every wrong field at once before sending, and each mark goes as it is fixed', async () => {
    const api = mockFetch(routes());
    renderAdmin([LIST, FORM]);
    await userEvent.click(await screen.findByRole('button', { name: 'Додати завдання' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([MSG.taskTitle, MSG.priceInvalid, MSG.developerOne, MSG.taskTypeInvalid]);
    expect(screen.getByLabelText('Назва')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Ціна, грн')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText('Назва'), 'Лаба');
    expect(screen.getByLabelText('Назва')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    expect(api.bodies('POST', '/api/v1/tasks/task')).toEqual([]);
  });

  it('shows the server’s refusal of an argument, or the spec’s fallback', async () => {
    const api = mockFetch(routes());
    api.on({ method: 'POST', path: '/api/v1/arguments/argument', status: 502, body: '' });
    sessionStorage.setItem(ADD_KEY, JSON.stringify({ subjectId: '7', teacherId: '10' }));
    renderAdmin('/list-task/add-task/7/choose-argument/add-argument');
    await userEvent.type(await screen.findByLabelText('Назва (підпис поля)'), 'Варіант');
    await userEvent.type(screen.getByLabelText('Опис (підказка в полі)'), 'Номер');
    await userEvent.click(screen.getByRole('button', { name: 'Додати аргумент' }));
    expect(await screen.findByText(MSG.fallbackArgument)).toBeInTheDocument();
  });

  it('edits and deletes an argument from its long-press menu', async () => {
    const api = mockFetch(routes());
    api.on({ method: 'DELETE', path: '/api/v1/arguments/1', status: 400, body: { message: MSG.argumentInUse } });
    sessionStorage.setItem(ADD_KEY, JSON.stringify({ subjectId: '7', teacherId: '10' }));
    renderAdmin('/list-task/add-task/7/choose-argument');
    fireEvent.contextMenu(await screen.findByRole('checkbox', { name: /Варіант/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Видалити' }));
    await userEvent.click(screen.getByRole('button', { name: 'Підтвердити' }));
    expect(await screen.findByText(MSG.argumentInUse)).toBeInTheDocument();

    fireEvent.contextMenu(screen.getByRole('checkbox', { name: /Група/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Редагувати' }));
    expect(await screen.findByLabelText('Назва (підпис поля)')).toHaveValue('Група');
  });

  it('keeps the draft while a picker is open and forgets it once the admin leaves the form', async () => {
    mockFetch(routes());
    const { router } = renderRoutes(catalogueAdminRoutes, '/list-task/add-task/7?teacherId=10', ADMIN, { browser: true });
    await userEvent.type(await screen.findByLabelText('Назва'), 'Курсова');
    await userEvent.click(screen.getByRole('button', { name: /Тип/ }));
    await screen.findByRole('button', { name: 'Готово' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stored()).toMatchObject({ title: 'Курсова', teacherId: '10' });

    await router.navigate(LIST);
    await waitFor(() => expect(stored()).toBeNull());
  });

  it('asks for a teacher when opened without one', async () => {
    mockFetch(routes());
    renderAdmin('/list-task/add-task/7');
    expect(await screen.findByText('Спершу оберіть викладача')).toBeInTheDocument();
  });
});
