import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@zalik/contract';
import { ADMIN, mockFetch, type MockRoute, screenSuite } from '../../../../test/harness';
import { task, teacher } from '../../../../test/fixtures';
import { ADD_KEY } from './draft';
import { catalogueAdminRoutes } from '../routes';

vi.mock('../../../ui/Lottie', () => ({ Lottie: () => null }));

const renderAdmin = screenSuite(catalogueAdminRoutes, ADMIN);

const AUTO = task({ id: '40', title: 'Титулка', autoGenerate: true, identifier: 'docx-template', hasTemplate: true });
const INFO = { fileName: 'titulka.docx', tags: ['Варіант', 'ПІБ'], uploadedAt: '2026-11-20T10:00:00.000Z' };
const routes = (): MockRoute[] => [
  { path: '/api/v1/teachers/subject/7', body: [teacher('10', 'Петренко О. В.')] },
  { path: '/api/v1/discounts/task/40', body: [] },
  { method: 'POST', path: '/api/v1/tasks/task', status: 201, body: AUTO },
];
const docx = (name = 'titulka.docx') => new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });

function startDraft() {
  sessionStorage.setItem(
    ADD_KEY,
    JSON.stringify({
      subjectId: '7',
      teacherId: '10',
      teacherName: 'Петренко О. В.',
      title: 'Титулка',
      price: '50',
      type: 'REGULAR',
      autoGenerate: true,
      identifier: 'docx-template',
      developer: { telegramId: '100002', username: 'dev_demo' },
    }),
  );
}

describe('DOCX template of an auto-generated task', () => {
  it('is uploaded right after the task is created; the edit screen shows the tags found', async () => {
    const api = mockFetch(routes());
    api.on({ method: 'PUT', path: '/api/v1/tasks/40/template', body: INFO });
    api.on({ path: '/api/v1/tasks/40/template', body: INFO });
    startDraft();
    const { router } = renderAdmin(['/list-task/7', '/list-task/add-task/7']);
    expect(await screen.findByLabelText('Ідентифікатор генератора')).toHaveValue('docx-template');
    await userEvent.upload(screen.getByLabelText('DOCX-шаблон'), docx());
    expect(screen.getByText('titulka.docx')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Додати завдання' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/list-task/edit-task/7'));
    expect(router.state.location.search).toBe('?taskId=40');
    const put = api.fn.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect((put![1]!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(await screen.findByText('{Варіант}')).toBeInTheDocument();
    expect(screen.getByText('{ПІБ}')).toBeInTheDocument();
  });

  it('shows why the server refused the template, and refuses a non-DOCX file before sending', async () => {
    const api = mockFetch(routes());
    const refusal = MSG.templateTags(['Варіант'], []);
    api.on({ method: 'PUT', path: '/api/v1/tasks/40/template', status: 400, body: { message: refusal } });
    api.on({ path: '/api/v1/tasks/40/template', status: 404, body: { message: MSG.templateMissingForTask } });
    startDraft();
    renderAdmin(['/list-task/7', '/list-task/add-task/7']);
    const input = await screen.findByLabelText('DOCX-шаблон');
    await userEvent.upload(input, new File(['x'], 'notes.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await screen.findByText(MSG.templateNotDocx)).toBeInTheDocument();
    await userEvent.upload(input, docx());
    await userEvent.click(screen.getByRole('button', { name: 'Додати завдання' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByText('Шаблон ще не завантажено')).toBeInTheDocument();
  });
});
