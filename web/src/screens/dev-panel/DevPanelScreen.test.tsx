import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, ORDER_MAX_FILE_BYTES, ORDER_MAX_FILES, type InProgressOrder } from '@zalik/contract';
import * as sdk from '../../../test/sdk-mock';
import { DEVELOPER, json, mockFetch, renderRoutes } from '../../../test/harness';
import { devPanelRoutes } from './routes';
import { DELIVERED_SHOW_MS } from './OrderCard';

vi.mock('../../telegram/sdk', () => import('../../../test/sdk-mock'));

const ORDER: InProgressOrder = {
  id: '12',
  user: { telegramId: '100001', username: 'student_demo' },
  subjectName: 'Вища математика',
  teacherName: 'Петренко О. В.',
  taskTitle: 'Контрольна робота з лінійної алгебри',
  arguments: ['Іваненко І. І.', 'КН-21', 'Матриці'],
  createdAt: '2026-11-22T13:33:00.000Z',
  deadlineAt: '2026-11-23T13:33:00.000Z',
  revisions: 0,
  revisionComment: null,
};

const file = (name: string, size = 10) => {
  const f = new File(['x'], name, { type: 'application/pdf' });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

const open = async () => {
  renderRoutes(devPanelRoutes, { pathname: '/settings/dev-panel' }, DEVELOPER);
  return screen.findByRole('article', { name: /Контрольна робота/ });
};

const addInput = () => screen.getByTestId('add-files') as HTMLInputElement;

beforeEach(() => {
  vi.clearAllMocks();
});

describe('dev panel', () => {
  it('shows each order as a property list with numbered arguments behind a toggle', async () => {
    mockFetch({ 'GET /api/v1/histories/developer/in-progress': () => json([ORDER]) });
    const card = await open();
    for (const text of ['@student_demo', '100001', 'Вища математика', 'Петренко О. В.', 'Контрольна робота з лінійної алгебри', '22 листопада, 15:33, 2026']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(within(card).queryByText('Матриці')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Показати (3)' }));
    const items = within(card).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Іваненко І. І.', 'КН-21', 'Матриці']);
  });

  it("says 'Немає замовлень' when there are none", async () => {
    mockFetch({ 'GET /api/v1/histories/developer/in-progress': () => json([]) });
    renderRoutes(devPanelRoutes, { pathname: '/settings/dev-panel' }, DEVELOPER);
    expect(await screen.findByText(MSG.emptyOrders)).toBeInTheDocument();
  });

  it('checks the file limits before sending anything', async () => {
    const api = mockFetch({ 'GET /api/v1/histories/developer/in-progress': () => json([ORDER]) });
    await open();

    await userEvent.click(screen.getByRole('button', { name: 'Відправити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.filesRequired);

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

  it("sends the files and the message as multipart, shows 'Відправляється', says to whom it went, then refreshes the list", async () => {
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
    expect(screen.getByRole('article', { name: /Контрольна робота/ })).toBeInTheDocument();
    expect(await screen.findByText(MSG.emptyOrders, undefined, { timeout: DELIVERED_SHOW_MS + 3000 })).toBeInTheDocument();
  });
});
