import {
  BROADCAST_MAX_FILES, BROADCAST_MAX_FILE_BYTES, BROADCAST_MESSAGE_MAX, BroadcastAudience, MSG, type Broadcast,
} from '@zalik/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import type { BlobStore } from '../../ports/blob-store.js';
import { detectFileType } from '../files/index.js';
import { receiveFiles, removeBlobs } from '../files/index.js';
import { broadcastById, countAudience, enqueueBroadcast, insertBroadcast, setRecipients, type BroadcastRow } from './queries.js';
import { recordAudit } from '../audit/index.js';

/** `all` is everyone (null); otherwise the course number. */
export function courseOf(audience: string): number | null {
  return audience === 'all' ? null : Number(audience);
}

export function toBroadcast(r: BroadcastRow): Broadcast {
  return {
    id: String(r.id),
    courseNumber: r.course_number === null ? null : Number(r.course_number),
    message: r.message,
    files: typeof r.files === 'string' ? (JSON.parse(r.files) as Broadcast['files']) : r.files,
    recipients: Number(r.recipients),
    skipped: Number(r.skipped),
    sent: Number(r.sent),
    failed: Number(r.failed),
    left: Number(r.left),
    createdAt: new Date(r.created_at).toISOString(),
    createdBy: { telegramId: String(r.created_by), username: r.username },
  };
}

/**
 * Reads the form (`courseNumber`, `message`, up to three `files`), then records the broadcast
 * and queues one outbox message per recipient in one transaction: it is sent whole, or (on
 * any refusal) nothing is queued and the stored files are removed.
 */
export async function sendBroadcast(deps: { db: Db; blobs: BlobStore }, request: FastifyRequest, adminId: number): Promise<Broadcast> {
  const { db, blobs } = deps;
  const { files, fields } = await receiveFiles(request, blobs, {
    fileFields: ['files', 'file'],
    minFiles: 0,
    maxFiles: BROADCAST_MAX_FILES,
    maxFileBytes: BROADCAST_MAX_FILE_BYTES,
    textFields: { message: BROADCAST_MESSAGE_MAX, courseNumber: 8 },
    messages: { required: MSG.broadcastEmpty, tooMany: MSG.broadcastTooManyFiles, tooBig: MSG.broadcastFileTooBig, textTooLong: MSG.broadcastTooLong },
    // Any file may be broadcast; what is recorded is the type its bytes show.
    accept: (fileName, bytes) => detectFileType(fileName, bytes) ?? 'application/octet-stream',
  });
  try {
    const audience = BroadcastAudience.safeParse((fields.courseNumber ?? '').trim());
    if (!audience.success) throw badRequest(MSG.broadcastAudience);
    const message = (fields.message ?? '').trim();
    if (!message) throw badRequest(MSG.broadcastEmpty);
    const courseNumber = courseOf(audience.data);
    const id = await db.transaction(async (tx) => {
      const { recipients, skipped } = await countAudience(tx, courseNumber);
      if (recipients === 0) throw badRequest(MSG.broadcastNoRecipients);
      const id = await insertBroadcast(tx, { createdBy: adminId, courseNumber, message, skipped, files });
      const queued = await enqueueBroadcast(tx, id, courseNumber, {
        text: message,
        files: files.map((f) => ({ blobId: f.blobId, fileName: f.fileName })),
        openApp: true,
      });
      // What was queued, counted by the same statement (a user may have joined since the count).
      await setRecipients(tx, id, queued);
      await recordAudit(tx, {
        adminId,
        action: 'broadcast.send',
        target: `broadcast:${id}`,
        after: { audience: audience.data, recipients: queued, files: files.length, message: message.slice(0, 200) },
      });
      return id;
    });
    return toBroadcast((await broadcastById(db, id))!);
  } catch (err) {
    await removeBlobs(blobs, files.map((f) => f.blobId));
    throw err;
  }
}
