import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, type Faq, type News } from '@zalik/contract';
import { hideError } from '../../../ui';
import { ADMIN, mockFetch, type MockRoute, renderRoutes } from '../../../../test/harness';
import { adminUsersRoutes } from '../routes';

vi.mock('../../../ui/Lottie', () => ({ Lottie: () => null }));

const FAQ: Faq[] = [{ id: '1', question: 'Як поповнити гаманець?', answer: 'Карткою.' }];
const NEWS: News[] = [{ id: '5', title: 'Новий семестр', text: 'Завдання вже тут.', animation: 'news-books' }];
const routes = (): MockRoute[] => [
  { path: '/api/v1/faq', body: FAQ },
  { method: 'POST', path: '/api/v1/faq/faq', status: 201, body: { id: '2', question: 'Q', answer: 'A' } },
  { method: 'PATCH', path: '/api/v1/faq/1', body: FAQ[0] },
  { method: 'DELETE', path: '/api/v1/faq/1', body: { ok: true } },
  { path: '/api/v1/news', body: NEWS },
  { method: 'POST', path: '/api/v1/news/news', status: 201, body: NEWS[0] },
];
const writes = (api: ReturnType<typeof mockFetch>) =>
  api.calls.filter((c) => c.method !== 'GET').map((c) => ({ line: `${c.method} ${c.path}`, body: c.init?.body ? JSON.parse(String(c.init.body)) : undefined }));

afterEach(() => {
  vi.unstubAllGlobals();
  hideError();
});

describe('admin: FAQ and news', () => {
  it('adds a question, refusing empty fields', async () => {
    const api = mockFetch(routes());
    const { router } = renderRoutes(adminUsersRoutes, '/settings/admin-panel/faq/edit', ADMIN);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Питання' }), 'Де мої файли?');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.faqInvalid);
    expect(writes(api)).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Відповідь' }), ' В історії завдань. ');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/admin-panel/faq'));
    expect(writes(api)).toEqual([{ line: 'POST /api/v1/faq/faq', body: { question: 'Де мої файли?', answer: 'В історії завдань.' } }]);
  });

  it('edits a question from the list and deletes one after confirmation', async () => {
    const api = mockFetch(routes());
    renderRoutes(adminUsersRoutes, '/settings/admin-panel/faq', ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: /Як поповнити гаманець\?/ }));
    const answer = await screen.findByRole('textbox', { name: 'Відповідь' });
    expect(answer).toHaveValue('Карткою.');
    await userEvent.type(answer, ' Або Apple Pay.');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await screen.findByRole('heading', { name: 'Часті питання' });
    expect(writes(api)[0]).toEqual({ line: 'PATCH /api/v1/faq/1', body: { question: 'Як поповнити гаманець?', answer: 'Карткою. Або Apple Pay.' } });

    fireEvent.contextMenu(screen.getByRole('button', { name: /Як поповнити гаманець\?/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Видалити' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Підтвердити' }));
    await waitFor(() => expect(writes(api).map((w) => w.line)).toContain('DELETE /api/v1/faq/1'));
  });

  it('adds a news slide with the chosen animation', async () => {
    const api = mockFetch(routes());
    renderRoutes(adminUsersRoutes, '/settings/admin-panel/news/edit', ADMIN);
    await userEvent.click(await screen.findByRole('tab', { name: 'Ракета' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Заголовок' }), 'Знижки');
    await userEvent.type(screen.getByRole('textbox', { name: 'Текст' }), 'До кінця тижня −20 %.');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() =>
      expect(writes(api)).toEqual([{ line: 'POST /api/v1/news/news', body: { title: 'Знижки', text: 'До кінця тижня −20 %.', animation: 'news-rocket' } }]),
    );
  });

  it('says so when the entry to edit no longer exists', async () => {
    mockFetch(routes());
    renderRoutes(adminUsersRoutes, '/settings/admin-panel/faq/edit?id=99', ADMIN);
    expect(await screen.findByText(MSG.faqNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Зберегти' })).not.toBeInTheDocument();
  });
});
