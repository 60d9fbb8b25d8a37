import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, type ExplanationDocument } from '@zalik/contract';
import { ADMIN, json, mockFetch, renderRoutes } from '../../../test/harness';
import { hideError } from '../../ui';
import { explanationStaffRoutes } from './staffRoutes';
import { subject, task, teacher } from '../../../test/fixtures';

vi.mock('../../telegram/sdk', () => import('../../../test/sdk-mock'));
afterEach(() => hideError());

const doc = (id: string, fileName: string, over: Partial<ExplanationDocument> = {}): ExplanationDocument => ({
  documentId: id,
  fileName,
  createdAt: '2026-11-22T13:33:00.000Z',
  description: 'Конспект лекції',
  link: `http://127.0.0.1/api/v1/rag/document/${id}/file`,
  createdBy: { username: 'admin_demo', photo: '' },
  taskId: null,
  subjectId: null,
  taskTitle: null,
  subjectName: null,
  chunks: 4,
  ...over,
});
const AT = '/settings/admin-panel/explanation-documents';

describe('explanation documents (admin)', () => {
  it('lists the documents, uploads one with its description and deletes one after confirming', async () => {
    let listed = [doc('1', 'лекція.pdf')];
    const api = mockFetch({
      'GET /api/v1/rag/document': () => json({ content: listed, last: true }),
      'POST /api/v1/rag/upload_document': () => {
        listed = [doc('2', 'нотатки.txt'), ...listed];
        return json(listed[0], 201);
      },
      'DELETE /api/v1/rag/document/1': () => {
        listed = listed.filter((d) => d.documentId !== '1');
        return json({ ok: true });
      },
    });
    renderRoutes(explanationStaffRoutes, AT, ADMIN);
    expect(await screen.findByText('лекція.pdf')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Опис'), 'Нотатки семінару');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['Інтеграл — площа'], 'нотатки.txt', { type: 'text/plain' }));
    await userEvent.click(screen.getByRole('button', { name: 'Завантажити' }));
    expect(await screen.findByText('нотатки.txt')).toBeInTheDocument();
    const sent = api.bodies('POST', '/api/v1/rag/upload_document')[0] as FormData;
    expect(sent.get('description')).toBe('Нотатки семінару');
    expect((sent.get('multipartFile') as File).name).toBe('нотатки.txt');

    await userEvent.click(screen.getByRole('button', { name: 'Видалити лекція.pdf' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Видалити' }));
    await waitFor(() => expect(screen.queryByText('лекція.pdf')).not.toBeInTheDocument());
  });

  it('shows the refusal of an unreadable file in Ukrainian', async () => {
    mockFetch({
      'GET /api/v1/rag/document': () => json({ content: [], last: true }),
      'POST /api/v1/rag/upload_document': () => json({ message: MSG.explanationDocumentUnreadable }, 400),
    });
    renderRoutes(explanationStaffRoutes, AT, ADMIN);
    await screen.findByText('Документів ще немає');
    await userEvent.type(screen.getByLabelText('Опис'), 'Бомба');
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['PK'], 'bomb.docx'));
    await userEvent.click(screen.getByRole('button', { name: 'Завантажити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.explanationDocumentUnreadable);
  });

  it('attaches a document to a task of a subject (only taskId is sent) and lists what each document is attached to', async () => {
    let listed = [
      doc('1', 'загальний.pdf'),
      doc('2', 'довідник.txt', { subjectId: '7', subjectName: 'Вища математика' }),
    ];
    const api = mockFetch({
      'GET /api/v1/rag/document': () => json({ content: listed, last: true }),
      'GET /api/v1/subjects/course-number/1': () => json([subject('7', 'Вища математика'), subject('8', 'Фізика')]),
      'GET /api/v1/subjects/course-number/2': () => json([subject('9', 'Бази даних', 2)]),
      'GET /api/v1/teachers/subject/7': () => json([teacher('1', 'Петренко О. В.'), teacher('2', 'Коваль І. М.')]),
      'GET /api/v1/tasks/teacher/1': () => json([task({ id: '40', title: 'Лабораторна №3: інтеграли' })]),
      'GET /api/v1/tasks/teacher/2': () => json([task({ id: '41', title: 'Курсова робота', teacherId: '2' })]),
      'POST /api/v1/rag/upload_document': () => {
        listed = [doc('3', 'частинами.txt', { taskId: '40', taskTitle: 'Лабораторна №3: інтеграли', subjectName: 'Вища математика' }), ...listed];
        return json(listed[0], 201);
      },
    });
    renderRoutes(explanationStaffRoutes, AT, ADMIN);
    expect(await screen.findByText('загальний.pdf')).toBeInTheDocument();
    expect(screen.getByText('Предмет «Вища математика»')).toBeInTheDocument();
    // The general one's label, beside the scope tab of the same name.
    expect(screen.getAllByText('Загальний').map((e) => e.tagName)).toEqual(['BUTTON', 'SPAN']);

    await userEvent.type(screen.getByLabelText('Опис'), 'Інтегрування частинами');
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['∫u dv'], 'частинами.txt', { type: 'text/plain' }));
    await userEvent.click(within(screen.getByRole('tablist', { name: "До чого прив'язати" })).getByRole('tab', { name: 'Завдання' }));
    // Nothing is uploaded as general by mistake: the button waits for the task.
    expect(screen.getByRole('status', { name: "Прив'язка документа" })).toHaveTextContent('Оберіть предмет і завдання');
    expect(screen.getByRole('button', { name: 'Завантажити' })).toBeDisabled();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Вища математика' }));
    expect(screen.getByRole('button', { name: 'Завантажити' })).toBeDisabled();
    // Every teacher's tasks of the subject.
    expect(await screen.findByRole('checkbox', { name: /Курсова робота/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Лабораторна №3/ }));
    expect(screen.getByRole('status', { name: "Прив'язка документа" })).toHaveTextContent("Прив'язка: Завдання «Лабораторна №3: інтеграли» · Вища математика");
    await userEvent.click(screen.getByRole('button', { name: 'Завантажити' }));

    expect(await screen.findByText('Завдання «Лабораторна №3: інтеграли» · Вища математика')).toBeInTheDocument();
    const sent = api.bodies('POST', '/api/v1/rag/upload_document')[0] as FormData;
    expect(sent.get('taskId')).toBe('40');
    expect(sent.get('subjectId')).toBeNull();
    expect(sent.get('description')).toBe('Інтегрування частинами');
    // The form is back to a general document.
    expect(screen.getByRole('status', { name: "Прив'язка документа" })).toHaveTextContent("Прив'язка: Загальний");
  });

  it('a subject document sends subjectId only; another course lists its own subjects', async () => {
    const api = mockFetch({
      'GET /api/v1/rag/document': () => json({ content: [], last: true }),
      'GET /api/v1/subjects/course-number/1': () => json([subject('7', 'Вища математика')]),
      'GET /api/v1/subjects/course-number/2': () => json([subject('9', 'Бази даних', 2)]),
      'POST /api/v1/rag/upload_document': () => json(doc('5', 'sql.txt', { subjectId: '9', subjectName: 'Бази даних' }), 201),
    });
    renderRoutes(explanationStaffRoutes, AT, ADMIN);
    await screen.findByText('Документів ще немає');
    await userEvent.type(screen.getByLabelText('Опис'), 'Шпаргалка SQL');
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['SELECT'], 'sql.txt', { type: 'text/plain' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Предмет' }));
    await userEvent.click(screen.getByRole('tab', { name: '2 курс' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Бази даних' }));
    await userEvent.click(screen.getByRole('button', { name: 'Завантажити' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/rag/upload_document')).toHaveLength(1));
    const sent = api.bodies('POST', '/api/v1/rag/upload_document')[0] as FormData;
    expect([sent.get('subjectId'), sent.get('taskId')]).toEqual(['9', null]);
  });
});
