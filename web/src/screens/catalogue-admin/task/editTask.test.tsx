import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG, type TaskDiscount } from '@zalik/contract';
import { ADMIN, mockFetch, type MockRoute, renderRoutes, screenSuite } from '../../../../test/harness';
import { developer, task, teacher } from '../../../../test/fixtures';
import { TASK_TYPE_LABEL } from '../common/validation';
import { EDIT_KEY, editDraftOf } from './draft';
import { catalogueAdminRoutes } from '../routes';

vi.mock('../../../ui/Lottie', () => ({ Lottie: () => null }));

const renderAdmin = screenSuite(catalogueAdminRoutes, ADMIN);

const TASK = task({ id: '5', title: 'Лабораторна 1', description: 'Опис', price: 200, visible: true });
const LOCAL: TaskDiscount = {
  id: '8', type: 'LOCAL', discountValue: 30, availableValue: 2, telegramId: '100001', taskId: '5', username: 'student_demo',
  validFrom: null, validTo: null, active: true,
};
/** Opens on 1 September 2030, 00:00 Kyiv time, for a week. */
const SCHEDULED: TaskDiscount = {
  id: '10', type: 'GLOBAL', discountValue: 15, availableValue: null, telegramId: null, taskId: '5', username: '',
  validFrom: '2030-08-31T21:00:00.000Z', validTo: '2030-09-07T21:00:00.000Z', active: false,
};
const NO_WINDOW = { validFrom: null, validTo: null };
const routes = (discounts: TaskDiscount[] = []): MockRoute[] => [
  { path: '/api/v1/discounts/task/5', body: discounts },
  { path: '/api/v1/users/role/ROLE_DEVELOPER', body: [developer('100002', 'dev_demo'), developer('6', 'second_dev')] },
  { path: '/api/v1/users', body: [developer('100001', 'student_demo'), developer('200', 'other')] },
  { path: /^\/api\/v1\/users\/search\?prefix=\d+&limit=50$/, body: [developer('100001', 'student_demo')] },
  { path: '/api/v1/users/100001', body: developer('100001', 'student_demo') },
  { method: 'PATCH', path: '/api/v1/tasks/5', body: TASK },
  { method: 'POST', path: '/api/v1/discounts/discount', body: { id: '9' } },
];
const LIST = '/list-task/7';
const EDIT = { pathname: '/list-task/edit-task/7', search: '?taskId=5', state: { task: TASK } };
/** Opens give-discount as after a reload: the edit form's draft is in sessionStorage. */
function openDiscount() {
  sessionStorage.setItem(EDIT_KEY, JSON.stringify(editDraftOf('7', TASK)));
  return renderAdmin([LIST, EDIT, { pathname: '/list-task/edit-task/7/give-discount', search: '?taskId=5' }]);
}

describe('edit-task', () => {
  it('sends "" for every untouched field, the new price, visibility and developer', async () => {
    const api = mockFetch(routes());
    const { router } = renderAdmin([LIST, EDIT]);
    const price = await screen.findByLabelText('Ціна, грн');
    await userEvent.clear(price);
    await userEvent.type(price, '250');
    await userEvent.click(screen.getByRole('switch', { name: 'Видимість для студентів' }));
    expect(screen.getByText('Приховане')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Розробник/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /@dev_demo/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /@second_dev/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Готово' }));
    expect(await screen.findByLabelText('Ціна, грн')).toHaveValue('250'); // kept across the picker
    expect(JSON.parse(sessionStorage.getItem(EDIT_KEY)!)).toMatchObject({ price: '250', visible: false });

    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    expect(api.bodies('PATCH', '/api/v1/tasks/5')).toEqual([
      { title: '', description: '', identifier: '', price: 250, visible: false, developerTelegramId: '6', type: '', teacherId: '', identifierId: '' },
    ]);
    await waitFor(() => expect(sessionStorage.getItem(EDIT_KEY)).toBeNull());
  });

  it('changes the type, moves the task to another teacher and replaces its arguments', async () => {
    const api = mockFetch([
      ...routes(),
      { path: '/api/v1/teachers/subject/7', body: [teacher('1', 'Петренко О. В.'), teacher('2', 'Бондар Б. Б.')] },
      { path: '/api/v1/arguments', body: [{ id: '3', name: 'Група', description: 'Назва групи' }, { id: '4', name: 'Варіант', description: 'Номер' }] },
    ]);
    const { router } = renderAdmin([LIST, EDIT]);
    await userEvent.click(await screen.findByRole('button', { name: /Тип/ }));
    await userEvent.click(screen.getByRole('button', { name: TASK_TYPE_LABEL.TEST }));
    expect(screen.getByRole('button', { name: /Тип/ })).toHaveTextContent(TASK_TYPE_LABEL.TEST);

    await userEvent.click(screen.getByRole('button', { name: /Викладач/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Бондар/ }));
    expect(await screen.findByRole('button', { name: /Викладач/ })).toHaveTextContent('Бондар Б. Б.');

    await userEvent.click(screen.getByRole('button', { name: /Аргументи/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Варіант/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Група/ }));
    await userEvent.click(screen.getByRole('button', { name: /Готово/ }));
    expect(await screen.findByRole('button', { name: /Аргументи/ })).toHaveTextContent('Варіант, Група');

    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    expect(api.bodies('PATCH', '/api/v1/tasks/5')).toEqual([
      { title: '', description: '', identifier: '', price: '', visible: true, developerTelegramId: '', type: 'TEST', teacherId: '2', identifierId: '', args: ['4', '3'] },
    ]);
  });

  it('keeps the draft while a picker is open and forgets it once the admin leaves the form', async () => {
    mockFetch(routes());
    sessionStorage.setItem(EDIT_KEY, JSON.stringify(editDraftOf('7', TASK)));
    const { router } = renderRoutes(catalogueAdminRoutes, '/list-task/edit-task/7?taskId=5', ADMIN, { browser: true });
    const price = await screen.findByLabelText('Ціна, грн');
    await userEvent.clear(price);
    await userEvent.type(price, '250');
    await userEvent.click(screen.getByRole('button', { name: /Розробник/ }));
    await screen.findByRole('checkbox', { name: /@dev_demo/ });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(JSON.parse(sessionStorage.getItem(EDIT_KEY)!)).toMatchObject({ price: '250' });

    await router.navigate(LIST);
    await waitFor(() => expect(sessionStorage.getItem(EDIT_KEY)).toBeNull());
  });

  it('gives a GLOBAL discount without a count as unlimited (availableValue null)', async () => {
    const api = mockFetch(routes());
    const { router } = openDiscount();
    const slider = await screen.findByLabelText('Розмір знижки');
    await userEvent.click(screen.getByRole('radio', { name: 'Для всіх' }));
    fireEvent.change(slider, { target: { value: '25' } });
    expect(screen.getByText('150 грн')).toBeInTheDocument(); // 200 − 25 %
    await userEvent.type(screen.getByLabelText('Кількість активацій'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Застосувати знижку' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.discountCount);
    await userEvent.clear(screen.getByLabelText('Кількість активацій'));
    await userEvent.click(screen.getByRole('button', { name: 'Застосувати знижку' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list-task/edit-task/7'));
    expect(api.bodies('POST', '/api/v1/discounts/discount')).toEqual([
      { type: 'GLOBAL', discountValue: 25, availableValue: null, telegramId: null, taskId: '5', ...NO_WINDOW },
    ]);
  });

  it('gives a discount with a window typed in Kyiv time', async () => {
    const api = mockFetch(routes());
    openDiscount();
    await userEvent.click(await screen.findByRole('radio', { name: 'Для всіх' }));
    fireEvent.change(screen.getByLabelText('Діє з'), { target: { value: '2030-09-01T00:00' } });
    fireEvent.change(screen.getByLabelText('Діє до'), { target: { value: '2030-08-01T00:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Застосувати знижку' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.discountWindowOrder);
    fireEvent.change(screen.getByLabelText('Діє до'), { target: { value: '2030-09-08T00:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Застосувати знижку' }));
    await waitFor(() =>
      expect(api.bodies('POST', '/api/v1/discounts/discount')).toEqual([
        {
          type: 'GLOBAL', discountValue: 10, availableValue: null, telegramId: null, taskId: '5',
          validFrom: '2030-08-31T21:00:00.000Z', validTo: '2030-09-07T21:00:00.000Z',
        },
      ]),
    );
  });

  it("shows each discount's window and whether it applies now", async () => {
    mockFetch(routes([SCHEDULED, LOCAL]));
    openDiscount();
    expect(await screen.findByText('з 1 вересня, 00:00, 2030 до 8 вересня, 00:00, 2030')).toBeInTheDocument();
    expect(screen.getByText('Почнеться 1 вересня, 00:00, 2030')).toBeInTheDocument();
    expect(screen.getByText('Діє зараз')).toBeInTheDocument();
  });

  it('gives a LOCAL discount to the user chosen by Telegram ID prefix', async () => {
    const api = mockFetch(routes());
    const { router } = openDiscount();
    await userEvent.click(await screen.findByRole('radio', { name: 'Персональна' }));
    await userEvent.click(screen.getByRole('button', { name: 'Застосувати знижку' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.discountCount);
    await userEvent.type(screen.getByLabelText('Кількість активацій'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Застосувати знижку' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.discountUserRequired);

    await userEvent.click(screen.getByRole('button', { name: /Користувач/ }));
    await userEvent.type(await screen.findByLabelText('Telegram ID або нікнейм'), '1000');
    await waitFor(() => expect(api.endpoints()).toContain('GET /api/v1/users/search'));
    await userEvent.click(await screen.findByRole('button', { name: /@student_demo/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?taskId=5&telegramId=100001'));
    expect(screen.getByLabelText('Кількість активацій')).toHaveValue('2'); // the form survived the trip
    await userEvent.click(screen.getByRole('button', { name: 'Застосувати знижку' }));
    await waitFor(() =>
      expect(api.bodies('POST', '/api/v1/discounts/discount')).toEqual([
        { type: 'LOCAL', discountValue: 10, availableValue: 2, telegramId: '100001', taskId: '5', ...NO_WINDOW },
      ]),
    );
  });

  it('removes an active discount with value 0', async () => {
    const api = mockFetch(routes([LOCAL]));
    openDiscount();
    expect(await screen.findByText('@student_demo')).toBeInTheDocument();
    expect(screen.getByText('30% · залишилось активацій: 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Прибрати знижку: @student_demo' }));
    await waitFor(() =>
      expect(api.bodies('POST', '/api/v1/discounts/discount')).toEqual([
        { type: 'LOCAL', discountValue: 0, availableValue: null, telegramId: '100001', taskId: '5', ...NO_WINDOW },
      ]),
    );
  });
});
