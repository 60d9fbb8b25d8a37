import { sql } from 'drizzle-orm';
import { KYIV_DAY_START } from '../../db/kyiv.js';
import { maskContacts } from '@zalik/contract';
import { row } from '../../db/client.js';
import type { SeedStep } from '../../types/deps.js';
import { lineCount } from './queries.js';

const STUDENT = 100001;

/** A small PDF, enough for a file chip that downloads. */
const GUIDE = Buffer.from('%PDF-1.4\n% Методичка кафедри: оформлення курсової\n%%EOF\n');

/** Yesterday evening (minutes after 18:00 Kyiv) or today (minutes before now, never before midnight). */
type When = { yesterday: number } | { today: number };
type Line = { from: 'STUDENT' | 'DEVELOPER'; text: string; at: When; file?: string };

/** Yesterday evening and today, so the thread shows its date separators whenever the demo starts. */
const CONVERSATION: Line[] = [
  { from: 'STUDENT', text: 'Добрий день! Мій варіант 12-б, група КН-21. Потрібно здати до п’ятниці.', at: { yesterday: 5 } },
  { from: 'DEVELOPER', text: 'Вітаю! Варіант 12-б, зрозумів. Оформлення за ДСТУ чи за методичкою кафедри?', at: { yesterday: 17 } },
  { from: 'STUDENT', text: 'За методичкою, ось вона.', at: { yesterday: 25 }, file: 'Методичка.pdf' },
  { from: 'STUDENT', text: 'Якщо щось — пишіть мені в телеграм @olena_kn21', at: { yesterday: 26 } },
  { from: 'DEVELOPER', text: 'Дякую, все тут, у переписці замовлення. Взяв у роботу: чернетку розділу 1 надішлю завтра.', at: { today: 12 } },
  { from: 'DEVELOPER', text: 'Уточніть, будь ласка: таблиці нумерувати в межах розділу (1.1, 1.2)?', at: { today: 10 } },
];

const timeOf = (at: When) =>
  'yesterday' in at
    ? sql`${KYIV_DAY_START} - interval '6 hours' + make_interval(mins => ${at.yesterday})`
    : sql`GREATEST(now() - make_interval(mins => ${at.today}), ${KYIV_DAY_START} + make_interval(secs => ${60 - at.today}))`;

/**
 * The demo's conversation in the demo student's open order with the demo developer (the
 * orders seed bought it): messages both ways, a file, a masked contact, read marks (the
 * developer read everything; the student has the developer's last two unread), written as the
 * service writes them. The order is moved to yesterday 17:00 (Kyiv), so its thread can begin yesterday evening.
 */
export const seedThreads: SeedStep = async (tx, deps) => {
  const order = await row<{ id: number | string; developer_id: number | string }>(
    tx,
    sql`SELECT id, developer_id FROM orders WHERE buyer_id = ${STUDENT} AND idempotency_key = 'demo-seed-manual-order' AND status = 'IN_PROGRESS'`,
  );
  if (!order || (await lineCount(tx, Number(order.id))) > 0) return;
  const orderId = Number(order.id);
  const developerId = Number(order.developer_id);
  await tx.execute(sql`UPDATE orders SET created_at = ${KYIV_DAY_START} - interval '7 hours' WHERE id = ${orderId}`);
  const ids: Record<Line['from'], number[]> = { STUDENT: [], DEVELOPER: [] };
  for (const l of CONVERSATION) {
    const { text, masked } = maskContacts(l.text);
    const inserted = await row<{ id: number | string }>(
      tx,
      sql`INSERT INTO order_messages (order_id, kind, author_id, author_role, text, masked, created_at)
          VALUES (${orderId}, 'MESSAGE', ${l.from === 'STUDENT' ? STUDENT : developerId}, ${l.from}, ${text}, ${masked},
                  ${timeOf(l.at)})
          RETURNING id`,
    );
    const id = Number(inserted!.id);
    ids[l.from].push(id);
    if (l.file) {
      const blobId = await deps.blobs.put(GUIDE);
      await tx.execute(sql`INSERT INTO order_message_files (message_id, blob_id, file_name, mime, size, position)
          VALUES (${id}, ${blobId}::uuid, ${l.file}, 'application/pdf', ${GUIDE.length}, 0)`);
    }
  }
  // Both read up to the student's last message: the developer's two after it are the student's unread.
  const upTo = Math.max(...ids.STUDENT);
  for (const userId of [developerId, STUDENT]) {
    await tx.execute(sql`INSERT INTO order_thread_reads (order_id, user_id, last_read_id) VALUES (${orderId}, ${userId}, ${upTo})`);
  }
};
