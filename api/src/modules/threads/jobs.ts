import { THREAD_START_PREFIX } from '@zalik/contract';
import type { Db } from '../../db/client.js';
import type { CoreDeps } from '../../types/deps.js';
import { BOT_TEXT, enqueue, threadNoticeText } from '../outbox/index.js';
import { NOTICE_JOB, markNotified, noticeFacts } from './queries.js';

export interface NoticePayload {
  orderId: number;
  userId: number;
}

declare module '../../jobs/registry.js' {
  interface JobPayloads {
    [NOTICE_JOB]: NoticePayload;
  }
}

/**
 * The bot notice of new thread messages. A message schedules one per other party unless one
 * is already waiting, to run NOTICE_DELAY_SECONDS later or THREAD_NOTICE_MINUTES after that
 * party's last notice (queries.ts `insertMessage`), so quick messages make one notice with
 * their count. It says nothing to someone who has the thread open or read it meanwhile.
 */
export function registerThreadJobs(deps: Pick<CoreDeps, 'db' | 'jobs'>): void {
  deps.jobs.define(NOTICE_JOB, ({ payload }) => sendNotice(deps.db, payload));
}

async function sendNotice(db: Db, { orderId, userId }: NoticePayload): Promise<void> {
  await db.transaction(async (tx) => {
    const f = await noticeFacts(tx, orderId, userId);
    if (!f || f.viewing) return;
    const unread = Number(f.unread);
    const newest = Number(f.newest ?? 0);
    if (unread === 0 || newest <= Number(f.notified_upto)) return;
    await enqueue(tx, {
      kind: 'thread_message',
      chatId: userId,
      text: threadNoticeText({ orderId, taskTitle: f.task_title, subjectName: f.subject_name, count: unread }),
      startApp: { text: BOT_TEXT.openThread, param: `${THREAD_START_PREFIX}${orderId}` },
      // A second run of the same job says nothing more.
      dedupeKey: `thread_message:${orderId}:${userId}:${newest}`,
    });
    await markNotified(tx, orderId, userId, newest);
  });
}
