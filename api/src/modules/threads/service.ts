import {
  MSG,
  THREAD_OPEN_DAYS,
  THREAD_RATE_MESSAGES,
  THREAD_RATE_MINUTES,
  THREAD_TEXT_MAX,
  maskContacts,
  type ThreadMessage,
  type ThreadPage,
} from '@zalik/contract';
import type { Db } from '../../db/client.js';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { CoreDeps } from '../../types/deps.js';
import { recordAudit } from '../audit/index.js';
import type { FileLinks, StoredUpload } from '../files/index.js';
import { hideLine, insertMessage, linesSince, markRead, threadPage, writeCheck, type WriteCheck } from './queries.js';
import { toThreadInfo, toThreadMessage, type ThreadOrderRow, type Viewer } from './rows.js';

/** What the thread's calls use: the database, the job registry (bot notices) and the files' links. */
export type ThreadsDeps = Pick<CoreDeps, 'db' | 'jobs' | 'blobs'> & { links: FileLinks };

const missing = () => notFound(MSG.threadNotFound);

/** One page, newest first, in one statement; 404 unless the caller is the buyer, the developer or an admin. */
export async function readPage(deps: Pick<ThreadsDeps, 'db' | 'links'>, viewer: Viewer, orderId: number, q: { before: number | null; limit: number }): Promise<ThreadPage> {
  const r = await threadPage(deps.db, orderId, viewer, q);
  if (!r) throw missing();
  return {
    content: r.lines.slice(0, q.limit).map((l) => toThreadMessage(l, r.order, viewer, deps.links)),
    last: r.lines.length <= q.limit,
    thread: toThreadInfo(r.order, viewer, r.unread),
  };
}

function refusal(check: WriteCheck | undefined): HttpError {
  if (!check) return missing();
  if (!check.open) return conflict(MSG.threadClosed(THREAD_OPEN_DAYS));
  if (Number(check.recent) >= THREAD_RATE_MESSAGES) return new HttpError(429, MSG.threadTooFast(THREAD_RATE_MESSAGES, THREAD_RATE_MINUTES));
  // Nothing stands in the way any more: a change between the check and the write (the order closed, another message counted) passed.
  return conflict(MSG.threadClosed(THREAD_OPEN_DAYS));
}

/** Refuses before a byte of the upload is read: not the caller's thread (404), read-only (409), too fast (429). */
export async function assertWritable(db: Db, orderId: number, viewer: Viewer): Promise<WriteCheck> {
  const check = await writeCheck(db, orderId, viewer);
  if (!check || !check.open || Number(check.recent) >= THREAD_RATE_MESSAGES) throw refusal(check);
  return check;
}

/** A message's text as stored: trimmed, 1-4000 characters unless files come with it, contacts masked. */
export function messageText(raw: string | undefined, files: number): { text: string; masked: boolean } {
  const text = (raw ?? '').trim();
  if (!text && files === 0) throw badRequest(MSG.threadTextEmpty);
  if (text.length > THREAD_TEXT_MAX) throw badRequest(MSG.threadTextTooLong(THREAD_TEXT_MAX));
  return maskContacts(text);
}

/**
 * Writes a message checked by `assertWritable` in one statement (its files, the author's read
 * mark and the other parties' bot notices with it), so posting is two statements in all. The
 * statement checks again: a thread that closed, or a limit reached by a racing message, refuses
 * here and the caller removes the stored files.
 */
export async function postMessage(
  deps: ThreadsDeps,
  viewer: Viewer,
  orderId: number,
  check: WriteCheck,
  input: { text: string; masked: boolean; files: StoredUpload[] },
): Promise<ThreadMessage> {
  const line = await insertMessage(deps.db, deps.jobs, { orderId, viewer, ...input, rateMax: THREAD_RATE_MESSAGES });
  if (!line) throw refusal(await writeCheck(deps.db, orderId, viewer));
  // A new line: nobody else has read it yet.
  const order = { buyer_id: check.buyer_id, developer_id: check.developer_id, buyer_mark: 0, developer_mark: 0 } as ThreadOrderRow;
  return toThreadMessage(line, order, viewer, deps.links);
}

/** The caller has read up to `upTo`; answers what is still unread. */
export async function read(db: Db, viewer: Viewer, orderId: number, upTo: number): Promise<{ unread: number }> {
  const unread = await markRead(db, orderId, viewer, upTo);
  if (unread === null) throw missing();
  return { unread };
}

/**
 * An admin hides a person's message, once, with a reason, recorded in the audit trail in the
 * same transaction; system lines stay. Answers the line as admins now see it.
 */
export async function hide(
  deps: Pick<ThreadsDeps, 'db' | 'links'>,
  admin: Viewer,
  p: { orderId: number; messageId: number; reason: string },
): Promise<ThreadMessage> {
  await deps.db.transaction(async (tx) => {
    const r = await hideLine(tx, { ...p, adminId: admin.telegramId });
    if (!r) throw notFound(MSG.threadMessageNotFound);
    if (r.kind !== 'MESSAGE') throw conflict(MSG.threadSystemLine);
    if (!r.hid) throw conflict(MSG.threadAlreadyHidden);
    await recordAudit(tx, {
      adminId: admin.telegramId,
      action: 'message.hide',
      target: `order:${p.orderId}:message:${p.messageId}`,
      userId: r.author_id === null ? null : Number(r.author_id),
      before: { text: r.text },
      after: { hidden: true, reason: p.reason },
    });
  });
  const r = (await linesSince(deps.db, p.orderId, admin, Number.MAX_SAFE_INTEGER, [p.messageId]))!;
  return toThreadMessage(r.lines[0]!, r.order, admin, deps.links);
}
