import { sql } from 'drizzle-orm';
import { row, type Db } from '../../db/client.js';
import type { BlobStore } from '../../ports/blob-store.js';
import { enqueue } from '../outbox/index.js';
import { supportText } from '../outbox/index.js';

export interface StoredFile {
  blobId: string;
  fileName: string;
  mime: string;
  size: number;
}

export interface SupportDeps {
  db: Db;
  blobs: BlobStore;
  /** Where the bot forwards messages; unset means they are only stored. */
  supportChatId: string | undefined;
}

/**
 * Stores a support message whose files are already in the BlobStore, and queues it for the
 * support chat in the same transaction. If the transaction fails the blobs are removed, so
 * a refused or failed message leaves nothing behind.
 */
export async function storeSupportMessage(
  deps: SupportDeps,
  author: { telegramId: number; username: string },
  message: string,
  files: StoredFile[],
): Promise<{ id: number }> {
  try {
    return await deps.db.transaction(async (tx) => {
      const saved = (await row<{ id: number }>(
        tx,
        sql`INSERT INTO support_messages (telegram_id, message) VALUES (${author.telegramId}, ${message}) RETURNING id`,
      ))!;
      for (const [position, f] of files.entries()) {
        await tx.execute(sql`
          INSERT INTO support_files (support_message_id, blob_id, file_name, mime, size, position)
          VALUES (${saved.id}, ${f.blobId}, ${f.fileName}, ${f.mime}, ${f.size}, ${position})`);
      }
      if (deps.supportChatId) {
        await enqueue(tx, {
          kind: 'support_message',
          chatId: Number(deps.supportChatId),
          text: supportText({ id: saved.id, ...author, message }),
          files: files.map((f) => ({ blobId: f.blobId, fileName: f.fileName })),
          dedupeKey: `support_message:${saved.id}`,
        });
      }
      return saved;
    });
  } catch (e) {
    await removeBlobs(deps.blobs, files);
    throw e;
  }
}

export async function removeBlobs(blobs: BlobStore, files: { blobId: string }[]): Promise<void> {
  await Promise.all(files.map((f) => blobs.remove(f.blobId).catch(() => {})));
}
