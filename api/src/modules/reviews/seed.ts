import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.js';
import type { SeedStep } from '../../types/deps.js';

/** What the demo's buyers say, in turn: stars, text and, for some, the developer's answer. */
const SAYINGS: readonly { rating: number; text: string; reply?: string }[] = [
  { rating: 5, text: 'Усе зроблено вчасно й акуратно, викладач прийняв з першого разу. Дякую!', reply: 'Дякую за відгук! Звертайтеся ще.' },
  { rating: 4, text: 'Добре пояснено, але одну формулу довелося уточнити. Загалом задоволений.' },
  { rating: 5, text: 'Швидко і якісно, всі пункти завдання виконано.' },
  { rating: 3, text: 'Робота нормальна, проте оформлення довелося виправляти самому.', reply: 'Вибачте за оформлення, врахую в наступних роботах.' },
];

/**
 * Demo reviews: every DONE paid order of the demo's other buyers (the invited friends' accepted
 * orders) gets one, a few with the developer's answer, spread a day apart, so the task list
 * shows ratings, the buying screen reviews and the developer's profile its figures. The demo
 * student's own orders are left for them to review.
 */
export const seedReviews: SeedStep = async (tx) => {
  const done = await rows<{ id: number | string }>(
    tx,
    sql`SELECT o.id FROM orders o
        WHERE o.status = 'DONE' AND NOT o.free_take AND o.buyer_id <> 100001
          AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.order_id = o.id)
        ORDER BY o.id`,
  );
  for (const [i, { id }] of done.entries()) {
    const s = SAYINGS[i % SAYINGS.length]!;
    const at = sql`now() - make_interval(days => ${done.length - i})`;
    await tx.execute(sql`
      INSERT INTO reviews (order_id, task_id, developer_id, buyer_id, rating, text, created_at, reply_text, replied_at)
      SELECT o.id, o.task_id, o.developer_id, o.buyer_id, ${s.rating}, ${s.text}, ${at}, ${s.reply ?? null}, ${s.reply ? sql`${at} + interval '3 hours'` : null}
      FROM orders o WHERE o.id = ${Number(id)}`);
  }
};
