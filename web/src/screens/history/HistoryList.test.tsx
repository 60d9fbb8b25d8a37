import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, formatUah, type HistoryItem } from '@zalik/contract';
import * as sdk from '../../../test/sdk-mock';
import { ADMIN, json, mockFetch, preloadLazy, renderRoutes, STUDENT } from '../../../test/harness';
import { deliveredOrder, myReview, order } from '../../../test/fixtures';
import { hideError } from '../../ui';
import { historyRoutes } from './routes';
import { historyStaffRoutes } from './staffRoutes';

vi.mock('../../telegram/sdk', () => import('../../../test/sdk-mock'));

const base = order({ id: '1' });
const HISTORY = 'GET /api/v1/histories/user/100001';
const mine = { pathname: '/settings/history-task' };
const card = (name: string) => screen.findByRole('article', { name });
const dialog = () => screen.getByRole('dialog');
const confirmIn = () => screen.getByRole('alertdialog');

/**
 * The server's history as it changes: each action answers the order's new state, and the
 * list read after it says the same.
 */
function serve(items: HistoryItem[], actions: Record<string, (item: HistoryItem) => Partial<HistoryItem>>) {
  let list = items;
  const routes: Record<string, () => Response> = { [HISTORY]: () => json(list) };
  for (const [route, change] of Object.entries(actions)) {
    const id = route.match(/\/(\d+)(\/\w+)?$/)![1];
    routes[route] = () => {
      list = list.map((o) => (o.id === id ? { ...o, ...change(o) } : o));
      return json(list.find((o) => o.id === id));
    };
  }
  return mockFetch(routes);
}

beforeAll(() => Promise.all([preloadLazy(historyRoutes), preloadLazy(historyStaffRoutes)]));
beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(() => {
  hideError();
});

describe('purchase history', () => {
  it('opens an order’s thread from its card, with what is unread there; an auto-generated order has one too', async () => {
    mockFetch({ [HISTORY]: () => json([deliveredOrder({ id: '2', taskTitle: 'Курсова робота', unread: 3 }), order({ id: '1' })]) });
    renderRoutes(historyRoutes, mine);
    const manual = await card('Курсова робота');
    const link = within(manual).getByTestId('thread-button');
    expect(link).toHaveTextContent('Переписка3');
    expect(within(link).getByRole('status', { name: '3 нові повідомлення' })).toBeInTheDocument();
    const auto = within(await card(base.taskTitle)).getByTestId('thread-button');
    expect(auto).toHaveTextContent(/^Переписка$/);
    expect(auto).toHaveAttribute('href', expect.stringContaining('/settings/chat/1'));
    await userEvent.click(link);
    expect(screen.getByTestId('path')).toHaveTextContent('/settings/chat/2');
  });

  it('filters by kind: auto-generated files or the developers\' work, each read by `type`', async () => {
    const auto = order({ id: '1', taskTitle: 'Розрахункова' });
    const manual = deliveredOrder({ id: '2' });
    const api = mockFetch({
      [HISTORY]: () => json([auto, manual]),
      [`${HISTORY}?type=AUTOGENERATE`]: () => json([auto]),
      [`${HISTORY}?type=REGULAR`]: () => json([]),
    });
    renderRoutes(historyRoutes, mine);
    expect(await card('Розрахункова')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Усі' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Автогенерація' }));
    await vi.waitFor(() => expect(screen.queryByRole('article', { name: 'Контрольна робота' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Розрахункова' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Від розробника' }));
    expect(await screen.findByText(MSG.emptyHistoryOfType)).toBeInTheDocument();
    expect(api.lines().filter((l) => l.startsWith(HISTORY))).toEqual([HISTORY, `${HISTORY}?type=AUTOGENERATE`, `${HISTORY}?type=REGULAR`]);
  });

  it("says 'Історії ще немає' when there is nothing", async () => {
    mockFetch({ [HISTORY]: () => json([]) });
    renderRoutes(historyRoutes, mine);
    expect(await screen.findByText(MSG.emptyHistory)).toBeInTheDocument();
  });

  it('lists purchases with status, time, the developer’s message and a download per file', async () => {
    const manual = deliveredOrder({
      id: '2',
      taskTitle: 'Курсова робота',
      orderStatus: 'DONE',
      message: 'Дивіться розділ 2.',
      files: [
        { fileName: 'курсова.pdf', link: 'http://127.0.0.1/f/2' },
        { fileName: 'код.zip', link: 'http://127.0.0.1/f/3' },
      ],
    });
    const waiting = order({ id: '3', taskTitle: 'Реферат', orderStatus: 'IN_PROGRESS', files: [], fileName: null, link: null, autoGenerate: false, deadlineAt: '2099-11-23T13:33:00.000Z' });
    mockFetch({ [HISTORY]: () => json([waiting, manual, base]) });
    renderRoutes(historyRoutes, mine, STUDENT);

    const course = await card('Курсова робота');
    expect(within(course).getByText('Виконано')).toBeInTheDocument();
    expect(within(course).getByText('Вища математика')).toBeInTheDocument();
    expect(within(course).getByText('22 листопада, 15:33, 2026')).toBeInTheDocument();
    expect(within(course).getByText('Дивіться розділ 2.')).toBeInTheDocument();
    expect(within(course).getByText('Замовлення завершено: кошти передано розробнику.')).toBeInTheDocument();
    await userEvent.click(within(course).getByRole('button', { name: 'Скачати код.zip' }));
    expect(sdk.downloadFile).toHaveBeenCalledWith('http://127.0.0.1/f/3', 'код.zip');

    const pending = screen.getByRole('article', { name: 'Реферат' });
    expect(within(pending).getByText('В роботі')).toBeInTheDocument();
    expect(within(pending).getByText('Виконати до 23 листопада, 15:33, 2099')).toBeInTheDocument();
    expect(within(pending).queryByRole('button')).toBeNull();
  });
});

describe('a delivered order', () => {
  it('shows until when to act, with accept, revision and dispute; no revision once none are left', async () => {
    mockFetch({ [HISTORY]: () => json([deliveredOrder({ id: '5' }), deliveredOrder({ id: '6', taskTitle: 'Есе', revisionsLeft: 0 })]) });
    renderRoutes(historyRoutes, mine);
    const delivered = await card('Контрольна робота');
    expect(within(delivered).getByText('Очікує перевірки')).toBeInTheDocument();
    expect(within(delivered).getByText('Прийміть або попросіть доопрацювання до 26 листопада, 12:00, 2026')).toBeInTheDocument();
    for (const name of ['Прийняти', 'Доопрацювати', 'Відкрити спір']) expect(within(delivered).getByRole('button', { name })).toBeInTheDocument();
    const last = screen.getByRole('article', { name: 'Есе' });
    expect(within(last).queryByRole('button', { name: 'Доопрацювати' })).toBeNull();
    expect(within(last).getByRole('button', { name: 'Прийняти' })).toBeInTheDocument();
  });

  it('says where the money is while escrow holds it: until her acceptance or the window’s end, and back on a refund', async () => {
    const inWork = order({ id: '7', taskTitle: 'Курсова', orderStatus: 'IN_PROGRESS', status: 'IN_PROGRESS', autoGenerate: false, price: 150, deadlineAt: '2026-11-28T10:00:00.000Z' });
    mockFetch({ [HISTORY]: () => json([deliveredOrder({ id: '5' }), inWork, base]) });
    renderRoutes(historyRoutes, mine);
    const delivered = await card('Контрольна робота');
    expect(within(delivered).getByTestId('order-held')).toHaveTextContent(
      '200 грн утримуються до кінця цього строку: тоді сума сама перейде розробнику, якщо ви не відкриєте спір. При поверненні вона прийде вам на баланс.',
    );
    // The window's end is said once, by the state line.
    expect(delivered.textContent!.match(/26 листопада/g)).toHaveLength(1);
    expect(within(screen.getByRole('article', { name: 'Курсова' })).getByTestId('order-held')).toHaveTextContent(
      '150 грн утримуються до вашого прийняття відповіді. Якщо замовлення скасують, сума повернеться вам на баланс.',
    );
    // A generated file is paid at once: nothing is held.
    expect(within(screen.getByRole('article', { name: base.taskTitle })).queryByTestId('order-held')).toBeNull();
  });

  it('is accepted after a confirmation naming the money, with the success haptic', async () => {
    const item = deliveredOrder({ id: '5' });
    const api = serve([item], { 'POST /api/v1/histories/5/accept': () => ({ orderStatus: 'DONE', acceptUntil: null, completedAt: '2026-11-24T10:00:00.000Z' }) });
    renderRoutes(historyRoutes, mine);
    await userEvent.click(within(await card('Контрольна робота')).getByRole('button', { name: 'Прийняти' }));

    expect(confirmIn()).toHaveTextContent('200 грн буде передано розробнику');
    await userEvent.click(within(confirmIn()).getByRole('button', { name: 'Скасувати' }));
    expect(api.endpoints()).not.toContain('POST /api/v1/histories/5/accept');

    await userEvent.click(within(await card('Контрольна робота')).getByRole('button', { name: 'Прийняти' }));
    await userEvent.click(within(confirmIn()).getByRole('button', { name: 'Прийняти' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Роботу прийнято, кошти передано розробнику');
    expect(sdk.haptic.notification).toHaveBeenCalledWith('success');
    const done = await card('Контрольна робота');
    expect(within(done).getByText('Виконано')).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: 'Прийняти' })).toBeNull();
  });

  it('asks for a revision with a required comment, saying how many are left', async () => {
    const item = deliveredOrder({ id: '5' });
    const api = serve([item], {
      'POST /api/v1/histories/5/revision': () => ({
        orderStatus: 'IN_PROGRESS',
        revisionsLeft: 1,
        revisionComment: 'Інший варіант',
        acceptUntil: null,
        deadlineAt: '2099-01-01T10:00:00.000Z',
      }),
    });
    renderRoutes(historyRoutes, mine);
    await userEvent.click(within(await card('Контрольна робота')).getByRole('button', { name: 'Доопрацювати' }));
    expect(dialog()).toHaveAccessibleName('Доопрацювання');
    expect(dialog()).toHaveTextContent('Залишилося доопрацювань: 2.');

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Надіслати на доопрацювання' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(MSG.revisionCommentRequired);
    expect(api.endpoints()).not.toContain('POST /api/v1/histories/5/revision');

    await userEvent.type(within(dialog()).getByLabelText('Що потрібно доопрацювати'), '  Інший варіант ');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Надіслати на доопрацювання' }));
    expect(api.bodies('POST', '/api/v1/histories/5/revision')).toEqual([{ comment: 'Інший варіант' }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Запит на доопрацювання надіслано розробнику');
    expect(screen.queryByRole('dialog')).toBeNull();
    const back = await card('Контрольна робота');
    expect(within(back).getByText('В роботі')).toBeInTheDocument();
    expect(within(back).getByText('Інший варіант')).toBeInTheDocument();
    expect(within(back).getByText('Виконати до 1 січня, 12:00, 2099')).toBeInTheDocument();
  });

  it('opens a dispute with a required reason', async () => {
    const item = deliveredOrder({ id: '5' });
    const api = serve([item], { 'POST /api/v1/histories/5/dispute': () => ({ orderStatus: 'DISPUTED', acceptUntil: null, disputeReason: 'Не мій варіант' }) });
    renderRoutes(historyRoutes, mine);
    await userEvent.click(within(await card('Контрольна робота')).getByRole('button', { name: 'Відкрити спір' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Відкрити спір' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(MSG.disputeReasonRequired);
    await userEvent.type(within(dialog()).getByLabelText('Причина спору'), 'Не мій варіант');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Відкрити спір' }));
    expect(api.bodies('POST', '/api/v1/histories/5/dispute')).toEqual([{ reason: 'Не мій варіант' }]);
    const disputed = await card('Контрольна робота');
    await within(disputed).findByText('Спір');
    expect(within(disputed).getByText('Не мій варіант')).toBeInTheDocument();
    expect(within(disputed).queryByRole('button', { name: 'Прийняти' })).toBeNull();
  });
});

describe('a review', () => {
  const UNTIL = '2099-12-24T10:00:00.000Z';

  it('is asked for right after the acceptance: stars are required, then it shows on the order', async () => {
    // The server: the acceptance makes the order reviewable, the review takes its place in the order.
    let item: HistoryItem = deliveredOrder({ id: '5' });
    const api = mockFetch({
      [HISTORY]: () => json([item]),
      'POST /api/v1/histories/5/accept': () => json((item = { ...item, status: 'COMPLETED', orderStatus: 'DONE', acceptUntil: null, completedAt: '2026-11-24T10:00:00.000Z', reviewUntil: UNTIL })),
      'POST /api/v1/histories/5/review': (c) => {
        const review = myReview({ rating: (c.body as { rating: number }).rating, text: 'Усе чудово' });
        item = { ...item, review, reviewUntil: null };
        return json(review, 201);
      },
    });
    renderRoutes(historyRoutes, mine);
    await userEvent.click(within(await card('Контрольна робота')).getByRole('button', { name: 'Прийняти' }));
    await userEvent.click(within(confirmIn()).getByRole('button', { name: 'Прийняти' }));

    expect(await screen.findByRole('dialog')).toHaveAccessibleName('Оцініть роботу');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Надіслати відгук' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(MSG.reviewRating);
    const stars = within(dialog()).getByRole('radiogroup', { name: 'Оцінка' });
    expect(within(stars).getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['1 зірка', '2 зірки', '3 зірки', '4 зірки', '5 зірок']);
    await userEvent.click(within(stars).getByRole('radio', { name: '5 зірок' }));
    expect(sdk.haptic.selection).toHaveBeenCalled();
    await userEvent.type(within(dialog()).getByLabelText('Коментар (необов’язково)'), ' Усе чудово ');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Надіслати відгук' }));

    expect(api.bodies('POST', '/api/v1/histories/5/review')).toEqual([{ rating: 5, text: 'Усе чудово' }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Дякуємо за відгук!');
    expect(screen.queryByRole('dialog')).toBeNull();
    const done = await card('Контрольна робота');
    expect(within(done).getByText('Ваш відгук')).toBeInTheDocument();
    expect(within(done).getByRole('img', { name: 'Оцінка 5,0 з 5' })).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: 'Оцінити роботу' })).toBeNull();
  });

  it('is offered from the history while the order can be reviewed, and changed while it is young', async () => {
    const api = serve([order({ id: '8', reviewUntil: UNTIL }), deliveredOrder({ id: '9', taskTitle: 'Есе', status: 'COMPLETED', orderStatus: 'DONE', review: myReview({ rating: 3 }) })], {});
    api.on({ method: 'PUT', path: '/api/v1/histories/9/review', reply: () => json(myReview({ rating: 4, editedAt: '2026-11-25T10:00:00.000Z' })) });
    renderRoutes(historyRoutes, mine);
    expect(within(await card('Лабораторна робота №1')).getByRole('button', { name: 'Оцінити роботу' })).toBeInTheDocument();

    const essay = screen.getByRole('article', { name: 'Есе' });
    expect(within(essay).getByRole('img', { name: 'Оцінка 3,0 з 5' })).toBeInTheDocument();
    await userEvent.click(within(essay).getByRole('button', { name: 'Змінити відгук' }));
    expect(dialog()).toHaveAccessibleName('Змінити відгук');
    expect(within(dialog()).getByRole('radio', { name: '3 зірки' })).toHaveAttribute('aria-checked', 'true');
    expect(within(dialog()).getByLabelText('Коментар (необов’язково)')).toHaveValue('Добре, вчасно.');
    await userEvent.click(within(dialog()).getByRole('radio', { name: '4 зірки' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Зберегти відгук' }));
    expect(api.bodies('PUT', '/api/v1/histories/9/review')).toEqual([{ rating: 4, text: 'Добре, вчасно.' }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Відгук змінено');
  });

  it('hidden by a moderator says so with the reason, and can no longer be changed', async () => {
    mockFetch({ [HISTORY]: () => json([order({ id: '8', review: myReview({ hidden: true, hiddenReason: 'Образи', editableUntil: null }) })]) });
    renderRoutes(historyRoutes, mine);
    const item = await card('Лабораторна робота №1');
    expect(within(item).getByRole('note')).toHaveTextContent(`${MSG.reviewHiddenByModerator} Причина: Образи`);
    expect(within(item).queryByRole('button', { name: 'Змінити відгук' })).toBeNull();
  });
});

describe('an overdue order', () => {
  const late = deliveredOrder({ id: '7', orderStatus: 'IN_PROGRESS', overdue: true, files: [], fileName: null, link: null, message: null, acceptUntil: null, deliveredAt: null });

  it('is cancelled for a refund of its whole price after a confirmation', async () => {
    const api = serve([late], { 'POST /api/v1/histories/7/cancel': () => ({ orderStatus: 'REFUNDED', overdue: false, cancelledBy: 'STUDENT' }) });
    renderRoutes(historyRoutes, mine);
    const item = await card('Контрольна робота');
    expect(within(item).getByText('Строк виконання минув 23 листопада, 15:33, 2026')).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Скасувати й повернути кошти' }));
    expect(confirmIn()).toHaveTextContent('200 грн повернуться на ваш баланс');
    await userEvent.click(within(confirmIn()).getByRole('button', { name: 'Повернути кошти' }));
    expect(api.endpoints()).toContain('POST /api/v1/histories/7/cancel');
    expect(await screen.findByRole('status')).toHaveTextContent('Замовлення скасовано: 200 грн повернуто на баланс');
    expect(within(await card('Контрольна робота')).getByText('Замовлення скасовано після строку виконання. 200 грн повернуто на ваш баланс.')).toBeInTheDocument();
  });

  it('offers the refund once the deadline passes while the list is open', async () => {
    const soon = { ...late, overdue: false, deadlineAt: new Date(Date.now() + 300).toISOString() };
    mockFetch({ [HISTORY]: () => json([soon]) });
    renderRoutes(historyRoutes, mine);
    const item = await card('Контрольна робота');
    expect(within(item).queryByRole('button', { name: 'Скасувати й повернути кошти' })).toBeNull();
    expect(await within(item).findByRole('button', { name: 'Скасувати й повернути кошти' }, { timeout: 3000 })).toBeInTheDocument();
  });
});

describe('a regeneration', () => {
  it('labels the values by number when the task’s arguments no longer line up with them', async () => {
    serve([order({ id: '9', allowedReprocess: true, argumentNames: [] })], {});
    renderRoutes(historyRoutes, mine);
    await userEvent.click(within(await card('Лабораторна робота №1')).getByRole('button', { name: 'Згенерувати ще раз' }));
    expect(within(dialog()).getByLabelText('Значення №2')).toHaveValue('КН-21');
  });

  it('starts from the purchase’s values and sends the corrected ones', async () => {
    const item = order({ id: '9', allowedReprocess: true });
    const api = serve([item], {
      'PUT /api/v1/histories/reprocess/9': () => ({
        allowedReprocess: false,
        arguments: ['Іваненко І. І.', 'КН-22', '7'],
        files: [{ fileName: 'Лабораторна робота №1.docx', link: 'http://127.0.0.1/new' }],
      }),
    });
    renderRoutes(historyRoutes, mine);
    await userEvent.click(within(await card('Лабораторна робота №1')).getByRole('button', { name: 'Згенерувати ще раз' }));
    const fields = within(dialog()).getAllByRole('textbox');
    expect(fields.map((f) => (f as HTMLInputElement).value)).toEqual(['Іваненко І. І.', 'КН-21', '7']);
    // Each field is labelled with what it is, as on the purchase's form.
    expect(within(dialog()).getByLabelText('Група')).toBe(fields[1]);

    await userEvent.clear(fields[1]!);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Згенерувати' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(MSG.argumentEmpty);
    await userEvent.type(fields[1]!, 'КН-22');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Згенерувати' }));
    expect(api.bodies('PUT', '/api/v1/histories/reprocess/9')).toEqual([{ arguments: ['Іваненко І. І.', 'КН-22', '7'] }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Файл згенеровано заново');
    const after = await card('Лабораторна робота №1');
    expect(within(after).queryByRole('button', { name: 'Згенерувати ще раз' })).toBeNull();
    await userEvent.click(within(after).getByRole('button', { name: /^Скачати/ }));
    expect(sdk.downloadFile).toHaveBeenCalledWith('http://127.0.0.1/new', 'Лабораторна робота №1.docx');
  });
});

describe("a user's history (admins)", () => {
  const path = { pathname: '/settings/admin-panel/profile/history-task', search: '?telegramId=100001' };

  it('is shown to an admin without the buyer’s buttons', async () => {
    mockFetch({ [HISTORY]: () => json([base, deliveredOrder({ id: '5' })]) });
    renderRoutes(historyStaffRoutes, path, ADMIN);
    expect(await card(base.taskTitle)).toBeInTheDocument();
    expect(screen.getByText('Telegram ID 100001')).toBeInTheDocument();
    const delivered = screen.getByRole('article', { name: 'Контрольна робота' });
    expect(within(delivered).getByText('Студент перевіряє відповідь до 26 листопада, 12:00, 2026')).toBeInTheDocument();
    expect(within(delivered).queryByRole('button', { name: 'Прийняти' })).toBeNull();
    expect(within(delivered).queryByTestId('order-held')).toBeNull();
    expect(within(delivered).getByRole('button', { name: 'Повернути кошти' })).toBeInTheDocument();
  });

  it('confirms a refund with the amount and where it goes, sending nothing until confirmed', async () => {
    const item = deliveredOrder({ id: '5' });
    const api = mockFetch({ [HISTORY]: () => json([item]) });
    renderRoutes(historyStaffRoutes, path, ADMIN);
    await userEvent.click(within(await card('Контрольна робота')).getByRole('button', { name: 'Повернути кошти' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Повернути кошти?' });
    const amount = formatUah(item.price);
    expect(confirm).toHaveTextContent(`${amount} за «Контрольна робота» повернуться на загальний гаманець покупця.`);
    expect(within(confirm).getByRole('button', { name: `Повернути ${amount}` })).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Скасувати' }));
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('replaces a delivered order’s files as multipart', async () => {
    const item: HistoryItem = deliveredOrder({ id: '5' });
    const api = serve([item], { 'PUT /api/v1/histories/history/update/5': () => ({ files: [{ fileName: 'виправлено.pdf', link: 'http://127.0.0.1/f/new' }] }) });
    renderRoutes(historyStaffRoutes, path, ADMIN);
    await userEvent.click(within(await card('Контрольна робота')).getByRole('button', { name: 'Замінити файли' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Замінити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.filesRequired);
    await userEvent.upload(screen.getByTestId('replace-files') as HTMLInputElement, new File(['%PDF'], 'виправлено.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Замінити' }));
    const form = api.calls.find((c) => c.method === 'PUT')!.body as FormData;
    expect((form.getAll('file') as File[]).map((f) => f.name)).toEqual(['виправлено.pdf']);
    expect(await screen.findByRole('status')).toHaveTextContent('Файли замінено');
    expect(await within(await card('Контрольна робота')).findByText('виправлено.pdf')).toBeInTheDocument();
  });

  it('sends a student to settings without asking the server for anything', async () => {
    const fetch = mockFetch({});
    renderRoutes(historyStaffRoutes, path, STUDENT);
    expect(await screen.findByTestId('path')).toHaveTextContent(/^\/settings$/);
    expect(fetch.lines()).toEqual([]);
  });
});
