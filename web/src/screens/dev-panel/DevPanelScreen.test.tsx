import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, ORDER_FILE_EXTENSIONS, ORDER_MAX_FILE_BYTES, ORDER_MAX_FILES, orderProgress, type DeveloperOrder, type InProgressOrder } from '@zalik/contract';
import * as sdk from '../../../test/sdk-mock';
import { DEVELOPER, json, mockFetch, renderRoutes } from '../../../test/harness';
import { orderTask } from '../../../test/fixtures';
import { hideError } from '../../ui';
import { devPanelRoutes } from './routes';
import { keepInPlace } from './keptInPlace';

vi.mock('../../telegram/sdk', () => import('../../../test/sdk-mock'));

const ORDER: InProgressOrder = {
  id: '12',
  user: { telegramId: '100001', username: 'student_demo', photo: '' },
  task: orderTask('Контрольна робота з лінійної алгебри', 'Вища математика'),
  status: 'IN_PROGRESS',
  subjectName: 'Вища математика',
  teacherName: 'Петренко О. В.',
  taskTitle: 'Контрольна робота з лінійної алгебри',
  arguments: ['Іваненко І. І.', 'КН-21', 'Матриці'],
  argumentNames: ['ПІБ студента', 'Група', 'Тема'],
  createdAt: '2026-11-22T13:33:00.000Z',
  deadlineAt: '2026-11-23T13:33:00.000Z',
  revisions: 0,
  revisionComment: null,
  unread: 0,
};

const file = (name: string, size = 10) => {
  const f = new File(['x'], name, { type: 'application/pdf' });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

const open = async () => {
  renderRoutes(devPanelRoutes, { pathname: '/settings/dev-panel' }, DEVELOPER);
  return screen.findByRole('article', { name: /лінійної алгебри/ });
};

const addInput = () => screen.getByTestId('add-files') as HTMLInputElement;

beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(() => {
  hideError();
});

describe('dev panel', () => {
  it("titles each card with the task and shows each of the student's answers under its field's name, behind a toggle", async () => {
    mockFetch({ 'GET /api/v1/histories/developer/in-progress': () => json([ORDER]) });
    const card = await open();
    expect(within(card).getByRole('heading', { name: 'Контрольна робота з лінійної алгебри' })).toBeInTheDocument();
    for (const text of ['@student_demo', '100001', 'Вища математика', 'Петренко О. В.', '22 листопада, 15:33, 2026']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    const answers = within(card).getByRole('group', { name: 'Відповіді студента' });
    expect(within(answers).queryByText('Матриці')).toBeNull();
    await userEvent.click(within(answers).getByRole('button', { name: 'Показати (3)' }));
    const pairs = within(answers)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['ПІБ студента', 'Іваненко І. І.'],
      ['Група', 'КН-21'],
      ['Тема', 'Матриці'],
    ]);
  });

  it("numbers the answers when their fields' names no longer line up (the task changed since)", async () => {
    mockFetch({ 'GET /api/v1/histories/developer/in-progress': () => json([{ ...ORDER, argumentNames: [] }]) });
    const answers = within(await open()).getByRole('group', { name: 'Відповіді студента' });
    await userEvent.click(within(answers).getByRole('button', { name: 'Показати (3)' }));
    expect(within(answers).getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Відповідь №1', 'Відповідь №2', 'Відповідь №3']);
  });

  it("says 'Немає замовлень' when there are none", async () => {
    mockFetch({ 'GET /api/v1/histories/developer/in-progress': () => json([]) });
    renderRoutes(devPanelRoutes, { pathname: '/settings/dev-panel' }, DEVELOPER);
    expect(await screen.findByText(MSG.emptyOrders)).toBeInTheDocument();
  });

  it("shows the queue twenty at a time, oldest first, with 'Показати ще' until the last page", async () => {
    const queued = (n: number): InProgressOrder => ({ ...ORDER, id: String(100 + n), taskTitle: `Лабораторна ${n}` });
    const api = mockFetch([
      { path: '/api/v1/histories/developer/in-progress?page=0&limit=20', body: { content: Array.from({ length: 20 }, (_, i) => queued(i + 1)), last: false } },
      { path: '/api/v1/histories/developer/in-progress?page=1&limit=20', body: { content: [queued(21)], last: true } },
    ]);
    renderRoutes(devPanelRoutes, { pathname: '/settings/dev-panel' }, DEVELOPER);
    expect(await screen.findByRole('article', { name: 'Замовлення: Лабораторна 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    expect(await screen.findByRole('article', { name: 'Замовлення: Лабораторна 21' })).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(Array.from({ length: 21 }, (_, i) => `Замовлення: Лабораторна ${i + 1}`));
    expect(screen.queryByRole('button', { name: 'Показати ще' })).toBeNull();
    expect(api.lines()).toEqual(['GET /api/v1/histories/developer/in-progress?page=0&limit=20', 'GET /api/v1/histories/developer/in-progress?page=1&limit=20']);
  });

  it('checks the file limits before sending anything', async () => {
    const api = mockFetch({ 'GET /api/v1/histories/developer/in-progress': () => json([ORDER]) });
    await open();

    await userEvent.click(screen.getByRole('button', { name: 'Відправити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.filesRequired);

    // A type the server refuses is named, with what would do, before a byte is sent.
    await userEvent.upload(addInput(), file('setup.exe'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.fileTypeUnsupported('setup.exe', ORDER_FILE_EXTENSIONS));
    expect(screen.getByRole('alert')).toHaveTextContent(/«setup\.exe».*Дозволені типи: pdf, docx/);
    expect(screen.queryByText('setup.exe')).toBeNull();
    hideError();

    await userEvent.upload(addInput(), file('big.pdf', ORDER_MAX_FILE_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.orderFileTooBig);
    expect(screen.queryByText('big.pdf')).toBeNull();

    const many = Array.from({ length: ORDER_MAX_FILES + 1 }, (_, i) => file(`part-${i + 1}.pdf`));
    await userEvent.upload(addInput(), many);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.tooManyOrderFiles));
    expect(within(screen.getByRole('list', { name: 'Обрані файли' })).getAllByRole('listitem')).toHaveLength(ORDER_MAX_FILES);
    expect(screen.queryByRole('button', { name: /Додати/ })).toBeNull();

    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('replaces and removes a chosen file through its popup', async () => {
    mockFetch({ 'GET /api/v1/histories/developer/in-progress': () => json([ORDER]) });
    await open();
    await userEvent.upload(addInput(), [file('draft.pdf'), file('notes.txt')]);

    await userEvent.click(screen.getByRole('button', { name: /draft\.pdf/ }));
    const sheet = screen.getByRole('dialog', { name: 'draft.pdf' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Замінити файл' }));
    await userEvent.upload(screen.getByTestId('replace-file') as HTMLInputElement, file('final.pdf'));
    expect(screen.queryByText('draft.pdf')).toBeNull();
    expect(screen.getByText('final.pdf')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /notes\.txt/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Видалити' }));
    expect(screen.queryByText('notes.txt')).toBeNull();
    expect(screen.getByText('final.pdf')).toBeInTheDocument();
  });

  it("sends the files and the message as multipart, shows 'Відправляється', says to whom it went, and keeps the card in place", async () => {
    let open_ = [ORDER];
    let finish!: (r: Response) => void;
    const api = mockFetch({
      'GET /api/v1/histories/developer/in-progress': () => json(open_),
      'PATCH /api/v1/histories/history/12/developer/save-file': () => new Promise<Response>((r) => (finish = r)),
    });
    await open();
    await userEvent.upload(addInput(), [file('answer.pdf'), file('code.zip')]);
    await userEvent.type(screen.getByLabelText('Повідомлення студенту'), 'Готово, дивіться розділ 2.');
    await userEvent.click(screen.getByRole('button', { name: 'Відправити' }));

    expect(await screen.findByRole('button', { name: 'Відправляється' })).toBeDisabled();
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    const form = patch.body as FormData;
    expect((form.getAll('file') as File[]).map((f) => f.name)).toEqual(['answer.pdf', 'code.zip']);
    expect(form.get('message')).toBe('Готово, дивіться розділ 2.');

    open_ = [];
    await act(async () => finish(json({})));
    // The 'done': where the answer went, with the success haptic, before the order leaves the list.
    expect(await screen.findByRole('status')).toHaveTextContent('Відповідь надіслано @student_demo');
    expect(sdk.haptic.notification).toHaveBeenCalledWith('success');
    // The queue is refreshed (the order left it), yet the card stays under the finger, saying so.
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'GET' && c.pathname.endsWith('/in-progress'))).toHaveLength(2));
    expect(screen.getByRole('article', { name: /Контрольна робота/ })).toHaveTextContent('Відповідь надіслано @student_demo');
    expect(screen.queryByText(MSG.emptyOrders)).toBeNull();
  });
});

describe('deadlines and revisions', () => {
  it('shows the deadline, marked when it has passed, and what a revision asks to change', async () => {
    const later = { ...ORDER, id: '13', taskTitle: 'Есе', deadlineAt: '2099-01-01T10:00:00.000Z', revisions: 1, revisionComment: 'Додайте висновки' };
    mockFetch({ 'GET /api/v1/histories/developer/in-progress': () => json([ORDER, later]) });
    const late = await open();
    expect(within(late).getByTestId('order-deadline')).toHaveTextContent('23 листопада, 15:33, 2026прострочено');
    const fresh = screen.getByRole('article', { name: 'Замовлення: Есе' });
    expect(within(fresh).getByTestId('order-deadline')).toHaveTextContent(/^1 січня, 12:00, 2099$/);
    expect(within(fresh).getByText('Доопрацювання №1: що змінити')).toBeInTheDocument();
    expect(within(fresh).getByText('Додайте висновки')).toBeInTheDocument();
  });
});

describe("the developer's cancel", () => {
  it('needs a reason and a confirmation, then refunds the student and leaves the list', async () => {
    let open_ = [ORDER];
    const api = mockFetch({
      'GET /api/v1/histories/developer/in-progress': () => json(open_),
      'PATCH /api/v1/histories/developer/cancel': () => json({}),
    });
    const card = await open();
    await userEvent.click(within(card).getByRole('button', { name: 'Скасувати замовлення' }));
    const sheet = screen.getByRole('dialog', { name: 'Скасувати замовлення' });
    expect(sheet).toHaveTextContent('Студент @student_demo отримає назад усю оплату');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Скасувати замовлення' }));
    expect(within(sheet).getByRole('alert')).toHaveTextContent(MSG.cancelReasonRequired);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.type(within(sheet).getByLabelText('Причина'), 'Тема поза моєю спеціалізацією');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Скасувати замовлення' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('Скасувати «Контрольна робота з лінійної алгебри»?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Скасувати замовлення' }));

    expect(api.bodies('PATCH', '/api/v1/histories/developer/cancel')).toEqual([{ id: '12', reason: 'Тема поза моєю спеціалізацією' }]);
    open_ = [];
    expect(await screen.findByRole('status')).toHaveTextContent('Замовлення скасовано: кошти повернуто @student_demo');
    expect(sdk.haptic.notification).toHaveBeenCalledWith('success');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'GET' && c.pathname.endsWith('/in-progress'))).toHaveLength(2));
    expect(screen.getByRole('article', { name: /Контрольна робота/ })).toHaveTextContent('Замовлення скасовано');
  });
});

describe('keepInPlace', () => {
  const a = { id: 'a' };
  const b = { id: 'b' };
  const c = { id: 'c' };
  it('keeps a finished order where it was, drops one finished elsewhere, appends new ones', () => {
    expect(keepInPlace([a, b, c], [a, c], new Set(['b']))).toEqual([a, b, c]);
    expect(keepInPlace([a, b, c], [a, c], new Set())).toEqual([a, c]);
    const d = { id: 'd' };
    expect(keepInPlace([a, b], [b, d], new Set(['a']))).toEqual([a, b, d]);
  });
});

describe('completed orders', () => {
  const done = (n: number, over: Partial<DeveloperOrder> = {}): DeveloperOrder => ({
    id: String(n),
    taskTitle: `Замовлення ${n}`,
    subjectName: 'Вища математика',
    user: { telegramId: '100001', username: 'student_demo' },
    orderStatus: 'DONE',
    unread: 0,
    price: 200,
    earned: 180,
    createdAt: '2026-11-20T10:00:00.000Z',
    deliveredAt: '2026-11-21T10:00:00.000Z',
    completedAt: '2026-11-22T13:33:00.000Z',
    ...over,
    status: orderProgress(over.orderStatus ?? 'DONE'),
  });

  it('is the second tab: state, earned and date, twenty at a time with load-more', async () => {
    const first = Array.from({ length: 20 }, (_, i) => done(i + 1));
    first[1] = done(2, { orderStatus: 'REFUNDED', earned: 0, completedAt: '2026-11-22T14:00:00.000Z' });
    first[2] = done(3, { orderStatus: 'DELIVERED', earned: 0, completedAt: null });
    const api = mockFetch([
      { path: '/api/v1/histories/developer/in-progress?page=0&limit=20', body: { content: [], last: true } },
      { path: '/api/v1/histories/developer/completed?page=0&limit=20', body: first },
      { path: '/api/v1/histories/developer/completed?page=1&limit=20', body: [done(21)] },
    ]);
    renderRoutes(devPanelRoutes, { pathname: '/settings/dev-panel' }, DEVELOPER);
    await userEvent.click(await screen.findByRole('tab', { name: 'Виконані' }));

    const list = await screen.findByRole('list', { name: 'Виконані замовлення' });
    const paid = within(list).getByRole('listitem', { name: 'Замовлення 1' });
    for (const text of ['+180 грн', 'Оплачено', 'Вища математика · @student_demo', '22 листопада, 15:33, 2026']) expect(within(paid).getByText(text)).toBeInTheDocument();
    const refunded = within(list).getByRole('listitem', { name: 'Замовлення 2' });
    expect(within(refunded).getByText('Повернуто студенту')).toBeInTheDocument();
    expect(within(refunded).getByText('0 грн')).toBeInTheDocument();
    const waiting = within(list).getByRole('listitem', { name: 'Замовлення 3' });
    expect(within(waiting).getByText('Чекає на студента')).toBeInTheDocument();
    expect(within(waiting).getByText('21 листопада, 12:00, 2026')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    expect(await within(list).findByRole('listitem', { name: 'Замовлення 21' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Показати ще' })).toBeNull();
    expect(api.lines().filter((l) => l.includes('completed'))).toHaveLength(2);
  });
});
