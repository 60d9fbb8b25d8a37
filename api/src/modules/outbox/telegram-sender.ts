import { GrammyError, HttpError as GrammyHttpError, InputFile, InputMediaBuilder, type Api } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { BlobStore } from '../../ports/blob-store.js';
import { SendError, type OutboxItem, type OutboxSender } from './worker.js';
import type { OutboxFile } from './enqueue.js';

/** Telegram's maximum of documents in one media group. */
const MEDIA_GROUP_MAX = 10;

type Step = { text: string } | { files: OutboxFile[] };

/**
 * A message's Bot API calls, always the same for the same payload (the worker counts them):
 * the text first, then the files as media groups of up to 10 (a lone file as a document).
 */
export function stepsOf(item: OutboxItem): Step[] {
  const steps: Step[] = [];
  if (item.payload.text) steps.push({ text: item.payload.text });
  const files = item.payload.files ?? [];
  for (let i = 0; i < files.length; i += MEDIA_GROUP_MAX) steps.push({ files: files.slice(i, i + MEDIA_GROUP_MAX) });
  return steps;
}

/** Telegram's words for a user no message can reach: they blocked the bot, or the account is gone. */
const UNREACHABLE = /blocked by the user|user is deactivated/i;

/** Telegram's answer as a SendError: 400/403 will not get better by retrying, 429 says when to retry. */
export function toSendError(e: unknown): SendError {
  if (e instanceof GrammyError) {
    const retryAfter = e.parameters.retry_after;
    if (e.error_code === 429) return new SendError(e.description, false, retryAfter ?? 5);
    const blocked = e.error_code === 403 && UNREACHABLE.test(e.description);
    return new SendError(`${e.error_code} ${e.description}`, e.error_code === 400 || e.error_code === 403, undefined, blocked);
  }
  if (e instanceof GrammyHttpError) return new SendError(`network: ${e.message}`, false);
  if ((e as { code?: string }).code === 'ENOENT') return new SendError('file is missing from the blob store', true);
  return new SendError(e instanceof Error ? e.message : String(e), false);
}

/** Sends outbox messages through the Bot API. */
export function telegramSender(
  api: Api,
  blobs: BlobStore,
  appButton: (chatId: number) => InlineKeyboardMarkup,
  startAppButton?: (startApp: { text: string; param: string }) => InlineKeyboardMarkup,
): OutboxSender {
  const keyboard = (item: OutboxItem) => {
    const { startApp, openApp } = item.payload;
    if (startApp && startAppButton) return startAppButton(startApp);
    return openApp || startApp ? appButton(item.chatId) : undefined;
  };
  async function run(item: OutboxItem, step: Step): Promise<void> {
    if ('text' in step) {
      await api.sendMessage(item.chatId, step.text, {
        link_preview_options: { is_disabled: true },
        ...(keyboard(item) ? { reply_markup: keyboard(item) } : {}),
      });
      return;
    }
    const docs = await Promise.all(step.files.map(async (f) => new InputFile(await blobs.get(f.blobId), f.fileName)));
    if (docs.length === 1) await api.sendDocument(item.chatId, docs[0]!);
    else await api.sendMediaGroup(item.chatId, docs.map((d) => InputMediaBuilder.document(d)));
  }

  return {
    calls: (item) => Math.max(1, stepsOf(item).length - item.stepsDone),
    async deliver(item, stepDone) {
      const steps = stepsOf(item);
      for (let i = item.stepsDone; i < steps.length; i++) {
        try {
          await run(item, steps[i]!);
        } catch (e) {
          throw toSendError(e);
        }
        await stepDone(i + 1);
      }
    },
  };
}

/** Demo mode sends to nobody real: messages are written to the log and count as sent. */
export function logSender(log: { info(obj: object, msg?: string): void }): OutboxSender {
  return {
    async deliver(item, stepDone) {
      log.info(
        { chatId: item.chatId, text: item.payload.text, files: item.payload.files.map((f) => f.fileName) },
        'demo mode: Telegram message not sent',
      );
      await stepDone(stepsOf(item).length);
    },
  };
}
