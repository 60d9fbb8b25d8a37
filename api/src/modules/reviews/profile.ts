import { MSG, authorLevel, type AuthorProfile } from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { toReview } from './queries.js';
import { authorFigures, firstAnswerMinutes as firstAnswerOf, latestReviewsOf } from './profile.queries.js';

/** An author's public profile: who, what they sell, how they deliver and how students rate them (three statements). */
export async function authorProfile(ex: Executor, telegramId: number): Promise<AuthorProfile> {
  const [a, firstAnswerMinutes, latest] = await Promise.all([
    authorFigures(ex, telegramId),
    firstAnswerOf(ex, telegramId),
    latestReviewsOf(ex, telegramId),
  ]);
  if (!a) throw notFound(MSG.authorNotFound);
  const distribution = (typeof a.distribution === 'string' ? (JSON.parse(a.distribution) as number[]) : a.distribution).map(Number);
  const count = distribution.reduce((sum, n) => sum + n, 0);
  const rating = { average: count === 0 ? 0 : Number(a.rating_average), count };
  const deliveries = Number(a.deliveries);
  const onTimeShare = deliveries === 0 ? null : Number(a.on_time) / deliveries;
  const ordersCompleted = Number(a.orders_completed);
  const level = authorLevel({ ordersCompleted, rating, onTimeShare });
  return {
    telegramId: String(a.telegram_id),
    username: a.username,
    photo: a.photo,
    memberSince: new Date(a.created_at).toISOString(),
    level: level.code,
    levelName: level.name,
    visibleTasks: Number(a.visible_tasks),
    ordersCompleted,
    deliveries,
    onTimeShare,
    firstAnswerMinutes,
    rating,
    distribution,
    latestReviews: latest.map((r) => toReview(r)),
  };
}
