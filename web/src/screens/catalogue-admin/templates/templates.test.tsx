import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG, type Identifier } from '@zalik/contract';
import { ADMIN, json, mockFetch, preloadLazy, renderRoutes, unmountAll } from '../../../../test/harness';
import { task } from '../../../../test/fixtures';
import { hideError } from '../../../ui';
import { catalogueAdminRoutes } from '../routes';

vi.mock('../../../telegram/sdk', () => import('../../../../test/sdk-mock'));
beforeAll(() => preloadLazy(catalogueAdminRoutes));
afterEach(async () => {
  await unmountAll();
  vi.unstubAllGlobals();
  hideError();
});

const entry = (id: string, name: string, tasks = 0): Identifier => ({
  id,
  name,
  type: 'DOCX',
  description: 'Титульна сторінка',
  createdAt: '2026-11-22T13:33:00.000Z',
  fileName: `${name}.docx`,
  tags: ['ПІБ', 'Група'],
  tasks,
});
const LIBRARY = 'GET /api/v1/identifiers?page=0&limit=20';

describe('the template library (admin)', () => {
  it('lists the templates, adds one as multipart and deletes an unused one after confirming', async () => {
    let listed = [entry('1', 'Титулка', 2), entry('2', 'Старий')];
    const api = mockFetch({
      [LIBRARY]: () => json({ content: listed, last: true }),
      'POST /api/v1/identifiers/identifier': () => {
        listed = [entry('3', 'Звіт'), ...listed];
        return json(listed[0], 201);
      },
      'DELETE /api/v1/identifiers/2': () => {
        listed = listed.filter((t) => t.id !== '2');
        return json({ ok: true });
      },
    });
    renderRoutes(catalogueAdminRoutes, '/settings/admin-panel/templates', ADMIN);
    expect(await screen.findByText('Титулка')).toBeInTheDocument();
    expect(screen.getByText(/DOCX · завдань: 2/)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Назва'), 'Звіт');
    await userEvent.type(screen.getByLabelText('Опис'), 'Звіт з практики');
    await userEvent.upload(screen.getByLabelText('Файл DOCX'), new File(['PK'], 'звіт.docx'));
    await userEvent.click(screen.getByRole('button', { name: 'Додати шаблон' }));
    expect(await screen.findByText('Шаблон «Звіт» додано')).toBeInTheDocument();
    const sent = api.bodies('POST', '/api/v1/identifiers/identifier')[0] as FormData;
    expect([sent.get('name'), sent.get('description'), (sent.get('file') as File).name]).toEqual(['Звіт', 'Звіт з практики', 'звіт.docx']);

    await userEvent.click(screen.getByRole('button', { name: 'Видалити шаблон Старий' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Видалити' }));
    await waitFor(() => expect(screen.queryByText('Старий')).not.toBeInTheDocument());
  });

  it('shows the refusal to delete a template in use', async () => {
    mockFetch({
      [LIBRARY]: () => json({ content: [entry('1', 'Титулка', 1)], last: true }),
      'DELETE /api/v1/identifiers/1': () => json({ message: MSG.identifierInUse(['«Лабораторна 1»']) }, 409),
    });
    renderRoutes(catalogueAdminRoutes, '/settings/admin-panel/templates', ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: 'Видалити шаблон Титулка' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Видалити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.identifierInUse(['«Лабораторна 1»']));
  });

  it("an auto-generated task's form picks its template from the library", async () => {
    const AUTO = task({ id: '5', title: 'Лабораторна 1', autoGenerate: true, identifier: 'docx-template' });
    const api = mockFetch({
      [LIBRARY]: () => json({ content: [entry('1', 'Титулка')], last: true }),
      'GET /api/v1/discounts/task/5': () => json([]),
      'PATCH /api/v1/tasks/5': () => json(AUTO),
    });
    const { router } = renderRoutes(catalogueAdminRoutes, ['/list-task/7', { pathname: '/list-task/edit-task/7', search: '?taskId=5', state: { task: AUTO } }], ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: /Шаблон з бібліотеки/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Титулка/ }));
    expect(await screen.findByRole('button', { name: /Шаблон з бібліотеки/ })).toHaveTextContent('Титулка');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list-task/7'));
    expect(api.bodies('PATCH', '/api/v1/tasks/5')).toEqual([expect.objectContaining({ identifierId: '1' })]);
  });

  it("the template picker shows a long library a page at a time: one past the first page is found with 'Показати ще'", async () => {
    const AUTO = task({ id: '5', title: 'Лабораторна 1', autoGenerate: true, identifier: 'docx-template' });
    mockFetch({
      [LIBRARY]: () => json({ content: Array.from({ length: 20 }, (_, i) => entry(String(10 + i), `Шаблон ${i + 1}`)), last: false }),
      'GET /api/v1/identifiers?page=1&limit=20': () => json({ content: [entry('99', 'Титулка кафедри')], last: true }),
      'GET /api/v1/discounts/task/5': () => json([]),
    });
    renderRoutes(catalogueAdminRoutes, ['/list-task/7', { pathname: '/list-task/edit-task/7', search: '?taskId=5', state: { task: AUTO } }], ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: /Шаблон з бібліотеки/ }));
    await screen.findByRole('checkbox', { name: /Шаблон 20/ });
    expect(screen.queryByRole('checkbox', { name: /Титулка кафедри/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Титулка кафедри/ }));
    expect(await screen.findByRole('button', { name: /Шаблон з бібліотеки/ })).toHaveTextContent('Титулка кафедри');
  });
});
