import { sql } from 'drizzle-orm';
import { MSG, formatUah, taskStartParam, type PreparedShare } from '@zalik/contract';
import type { Config } from '../../config.js';
import { row, type Db } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/errors.js';
import type { PreparedCard, PreparedMessages } from '../../ports/prepared-messages.js';
import { selectTasks, type TaskForOrderRow } from '../catalogue/index.js';
import { inviteLink } from '../invites/index.js';
import { startAppKeyboard } from '../outbox/index.js';
import { SHARE_TEXT } from './texts.js';

export type SharesDeps = {
  db: Db;
  config: Pick<Config, 'botToken' | 'botApiRoot' | 'publicUrl' | 'botUsername' | 'miniAppName'>;
  prepared: PreparedMessages | null;
};

/**
 * Any failure of Telegram (no Bot API in this mode, an outage, a refusal) is one answer: the
 * app then offers the plain link, so the user can still share.
 */
async function save(deps: SharesDeps, card: PreparedCard): Promise<PreparedShare> {
  if (!deps.prepared) throw new HttpError(503, MSG.shareUnavailable);
  try {
    const saved = await deps.prepared.save(card);
    return { id: saved.id, expiresAt: saved.expiresAt.toISOString() };
  } catch {
    throw new HttpError(503, MSG.shareUnavailable);
  }
}

/** A card of a task anyone in the catalogue may see: hidden and archived tasks are not found, as in the lists. */
export async function shareTask(deps: SharesDeps, userId: number, taskId: number): Promise<PreparedShare> {
  const t = await row<TaskForOrderRow>(deps.db, selectTasks(null, sql`t.id = ${taskId}`, { brief: true }));
  if (!t || !t.visible || t.archived) throw notFound(MSG.taskNotFound);
  const param = taskStartParam({ type: t.type, subjectId: Number(t.subject_id), teacherId: Number(t.teacher_id), id: Number(t.id) });
  const price = formatUah(Number(t.price));
  return save(deps, {
    userId,
    resultId: `task_${t.id}`,
    title: t.title,
    description: `${t.subject_name} · ${t.teacher_name} · ${price}`,
    text: SHARE_TEXT.task({ title: t.title, subject: t.subject_name, teacher: t.teacher_name, price }),
    keyboard: startAppKeyboard(deps.config, { text: SHARE_TEXT.openTask, param }),
  });
}

/** A card with the caller's invite link: its button opens the app with the referral. */
export async function shareInvite(deps: SharesDeps, userId: number): Promise<PreparedShare> {
  const link = inviteLink(deps.config, userId);
  return save(deps, {
    userId,
    resultId: 'invite',
    title: SHARE_TEXT.inviteTitle,
    description: SHARE_TEXT.inviteDescription,
    text: `${SHARE_TEXT.invite}\n\n${link}`,
    keyboard: { inline_keyboard: [[{ text: SHARE_TEXT.openApp, url: link }]] },
  });
}
