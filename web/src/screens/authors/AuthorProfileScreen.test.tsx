import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG, type AuthorProfile } from '@zalik/contract';
import { ADMIN, json, mockFetch, preloadLazy, renderRoutes, STUDENT } from '../../../test/harness';
import { myReview } from '../../../test/fixtures';
import { authorRoutes } from './routes';

vi.mock('../../telegram/sdk', () => import('../../../test/sdk-mock'));

const PROFILE: AuthorProfile = {
  telegramId: '100002',
  username: 'dev_demo',
  photo: '',
  memberSince: '2026-09-03T10:00:00.000Z',
  level: 'VERIFIED',
  levelName: 'Перевірений автор',
  visibleTasks: 21,
  ordersCompleted: 12,
  deliveries: 7,
  onTimeShare: 6 / 7,
  firstAnswerMinutes: 135,
  rating: { average: 4.25, count: 4 },
  distribution: [0, 0, 1, 1, 2],
  latestReviews: [myReview({ id: '1', rating: 5, text: 'Чудово', reply: { text: 'Дякую!', createdAt: '2026-11-25T10:00:00.000Z' } }), myReview({ id: '2', rating: 3 })],
};
const at = '/list-task/author/100002';

beforeAll(() => preloadLazy(authorRoutes));

describe("an author's profile", () => {
  it('shows who, the level, the rating with its bars, the work figures and the latest reviews', async () => {
    mockFetch({ 'GET /api/v1/users/developer/100002/profile': () => json(PROFILE) });
    renderRoutes(authorRoutes, at, STUDENT);
    expect(await screen.findByRole('heading', { name: '@dev_demo' })).toBeInTheDocument();
    expect(screen.getByText('Перевірений автор')).toBeInTheDocument();
    expect(screen.getByText('На Заліку з вересня 2026')).toBeInTheDocument();
    expect(screen.getByText('4,3')).toBeInTheDocument();
    expect(screen.getByText('4 відгуки')).toBeInTheDocument();
    const bars = screen.getByRole('list', { name: 'Розподіл оцінок' });
    expect(within(bars).getAllByRole('listitem').map((b) => b.getAttribute('aria-label'))).toEqual([
      '5 зірок: 2 відгуки',
      '4 зірки: 1 відгук',
      '3 зірки: 1 відгук',
      '2 зірки: 0 відгуків',
      '1 зірка: 0 відгуків',
    ]);
    expect(screen.getByText('Завдань у каталозі').nextSibling).toHaveTextContent('21');
    expect(screen.getByText('Виконано замовлень').nextSibling).toHaveTextContent('12');
    expect(screen.getByText('Вчасно').nextSibling).toHaveTextContent('86 % (6 з 7)');
    expect(screen.getByText('Перша відповідь').nextSibling).toHaveTextContent('зазвичай за 2 години');
    expect(screen.getByText('Наступний рівень — «Досвідчений автор»: потрібно 20 замовлень і 10 відгуків із середньою оцінкою від 4,5, вчасно — від 90 %.')).toBeInTheDocument();
    const reviews = screen.getByRole('region', { name: 'Останні відгуки' });
    expect(within(reviews).getAllByRole('article')).toHaveLength(2);
    expect(within(reviews).getAllByText('Контрольна робота ·')).toHaveLength(2);
    expect(within(reviews).queryByRole('button', { name: 'Приховати' })).toBeNull();
  });

  it('lets an admin hide a review with a reason', async () => {
    const api = mockFetch({
      'GET /api/v1/users/developer/100002/profile': () => json(PROFILE),
      'POST /api/v1/reviews/2/hide': () => json({ ...myReview({ id: '2' }), hidden: true, hiddenReason: 'Спам' }),
    });
    renderRoutes(authorRoutes, at, ADMIN);
    const reviews = await screen.findByRole('region', { name: 'Останні відгуки' });
    await userEvent.click(within(reviews).getAllByRole('button', { name: 'Приховати' })[1]!);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Приховати' }));
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(MSG.reviewHideReasonRequired);
    await userEvent.type(screen.getByLabelText('Причина'), 'Спам');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Приховати' }));
    expect(api.bodies('POST', '/api/v1/reviews/2/hide')).toEqual([{ reason: 'Спам' }]);
  });

  it('says when there is no such author', async () => {
    mockFetch({ 'GET /api/v1/users/developer/100002/profile': () => json({ message: MSG.authorNotFound }, 404) });
    renderRoutes(authorRoutes, at, STUDENT);
    expect(await screen.findByText(MSG.authorNotFound)).toBeInTheDocument();
  });
});
