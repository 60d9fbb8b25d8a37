import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@zalik/contract';
import { ADMIN, mockFetch, screenSuite, STUDENT } from '../../../../test/harness';
import { subject, teacher } from '../../../../test/fixtures';
import { catalogueAdminRoutes } from '../routes';

vi.mock('../../../ui/Lottie', () => ({ Lottie: () => null }));

const renderAdmin = screenSuite(catalogueAdminRoutes, ADMIN);

describe('add-subject and edit-subject', () => {
  it('checks the name on the client with the spec’s message and sends nothing', async () => {
    const api = mockFetch([{ path: '/api/v1/subjects/course-number/2', body: [] }]);
    renderAdmin({ pathname: '/add-subject', state: { courseNumber: 2 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Додати предмет' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.subjectName);
    await userEvent.type(screen.getByLabelText('Назва предмета'), ' ');
    await userEvent.click(screen.getByRole('button', { name: 'Додати предмет' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.subjectName);
    expect(api.bodies('POST', '/api/v1/subjects/subject')).toEqual([]);
  });

  it('stops the name at 50 characters and keeps the counter, so a full field is never called empty', async () => {
    const api = mockFetch([
      { path: '/api/v1/subjects/course-number/2', body: [] },
      { method: 'POST', path: '/api/v1/subjects/subject', status: 400, body: { message: MSG.nameLength } },
    ]);
    renderAdmin({ pathname: '/add-subject', state: { courseNumber: 2 } });
    const input = await screen.findByLabelText('Назва предмета');
    await userEvent.type(input, 'а'.repeat(51));
    expect(input).toHaveValue('а'.repeat(50));
    expect(screen.getByText('50/50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Додати предмет' }));
    expect(api.bodies('POST', '/api/v1/subjects/subject')).toEqual([{ name: 'а'.repeat(50), courseNumber: 2 }]);
    // A server refusal shows the server's own message, never the empty-field one.
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.nameLength);
  });

  it('creates the subject on the course it was opened for and goes back', async () => {
    const api = mockFetch([
      { path: '/api/v1/subjects/course-number/2', body: [] },
      { method: 'POST', path: '/api/v1/subjects/subject', status: 201, body: subject('9', 'Фізика', 2) },
    ]);
    const { router } = renderAdmin(['/', { pathname: '/add-subject', state: { courseNumber: 2 } }]);
    expect(await screen.findByRole('radio', { name: '2 курс' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.type(screen.getByLabelText('Назва предмета'), '  Фізика ');
    await userEvent.click(screen.getByRole('button', { name: 'Додати предмет' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.bodies('POST', '/api/v1/subjects/subject')).toEqual([{ name: 'Фізика', courseNumber: 2 }]);
  });

  it('edits the subject from ?subjectId=&course= and shows the server’s refusal, or the fallback', async () => {
    const api = mockFetch([
      { path: '/api/v1/subjects/course-number/3', body: [subject('4', 'Хімія', 3)] },
      { method: 'PATCH', path: '/api/v1/subjects/4', status: 404, body: { message: MSG.subjectNotFound } },
    ]);
    renderAdmin('/edit-subject?subjectId=4&course=3');
    const name = await screen.findByLabelText('Назва предмета');
    expect(name).toHaveValue('Хімія');
    await userEvent.click(screen.getByRole('radio', { name: '4 курс' }));
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText(MSG.subjectNotFound)).toBeInTheDocument();
    expect(api.bodies('PATCH', '/api/v1/subjects/4')).toEqual([{ name: 'Хімія', courseNumber: 4 }]);

    api.on({ method: 'PATCH', path: '/api/v1/subjects/4', status: 500, body: 'oops' });
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText(MSG.fallbackAdd)).toBeInTheDocument();
  });

  it('sends a student elsewhere', async () => {
    mockFetch([]);
    renderAdmin('/add-subject', STUDENT);
    expect(await screen.findByTestId('path')).toHaveTextContent(/^\/$/);
  });
});

describe('add-teacher and edit-teacher', () => {
  it('refuses an empty name, stops at 50 characters, then creates the teacher of the subject', async () => {
    const api = mockFetch([
      { path: '/api/v1/teachers/subject/7', body: [] },
      { method: 'POST', path: '/api/v1/teachers/teacher', status: 201, body: teacher('12', 'Іваненко І. І.') },
    ]);
    const { router } = renderAdmin(['/list-task/7/choose-teacher', '/list-task/7/choose-teacher/add-teacher']);
    await userEvent.click(await screen.findByRole('button', { name: 'Додати викладача' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.nameLength);
    const input = screen.getByLabelText('Викладач');
    await userEvent.type(input, 'І'.repeat(51));
    expect(input).toHaveValue('І'.repeat(50));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.clear(input);
    await userEvent.type(input, 'Іваненко І. І.');
    await userEvent.click(screen.getByRole('button', { name: 'Додати викладача' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list-task/7/choose-teacher'));
    expect(api.bodies('POST', '/api/v1/teachers/teacher')).toEqual([{ name: 'Іваненко І. І.', subjectId: '7' }]);
  });

  it('renames the teacher from the navigation state with PUT {name}', async () => {
    const api = mockFetch([
      { path: '/api/v1/teachers/subject/7', body: [teacher('10', 'Петренко О. В.')] },
      { method: 'PUT', path: '/api/v1/teachers/10', body: teacher('10', 'Петренко О.') },
    ]);
    renderAdmin({ pathname: '/list-task/7/choose-teacher/edit-teacher', search: '?teacherId=10', state: { teacher: teacher('10', 'Петренко О. В.') } });
    const input = await screen.findByLabelText('Викладач');
    await userEvent.clear(input);
    await userEvent.type(input, 'Петренко О.');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(api.bodies('PUT', '/api/v1/teachers/10')).toEqual([{ name: 'Петренко О.' }]));
  });
});
