// A local Bot API for the tests and the demo (never started in production): real HTTP, no mocked function.
import type { IncomingMessage } from 'node:http';
import { BotApiError, createFakePayments, type FakePayments } from './bot-payments.js';
import { serveLocally } from './http.js';

export type { FakeInvoice, FakeStarPayment, PayOptions, PayResult, PayingUser } from './bot-payments.js';

/** One Bot API call the fake received. */
export interface BotCall {
  method: string;
  /** JSON body, or the text fields of a multipart body (JSON-looking values parsed). */
  params: Record<string, unknown>;
  /** Uploaded files of a multipart body. */
  files: { field: string; name: string; bytes: Buffer }[];
  /** False when the fake answered with a failure. */
  ok: boolean;
}

export interface FakeBotApi extends Omit<FakePayments, 'answer'> {
  /** Give this to grammY as `client.apiRoot`. */
  apiRoot: string;
  token: string;
  calls: BotCall[];
  /** Calls that succeeded, i.e. what a chat would actually show. */
  delivered(method?: string): BotCall[];
  /**
   * The next `count` calls (of `method` only, when given) fail: `error` answers 500 as Telegram
   * does in an outage, `down` drops the connection, or a Bot API error code (e.g. 403).
   */
  fail(count: number, how?: 'error' | 'down' | number, method?: string): void;
  /** Updates handed out by getUpdates (or to `deliverTo`'s handler); an update without update_id gets the next one. */
  pushUpdate(update: Record<string, unknown>): Record<string, unknown>;
  /**
   * Hands the updates the fake makes (payments) to `handler` instead of getUpdates, e.g. a
   * webhook POST or `bot.handleUpdate`; no handler: back to getUpdates.
   */
  deliverTo(handler: ((update: Record<string, unknown>) => unknown) | null): void;
  /** Messages kept by savePreparedInlineMessage, by their id, as the share dialog would find them. */
  prepared: Map<string, FakePreparedMessage>;
  /** Every later send to this chat answers 403 as Telegram does once the user blocked the bot. */
  block(chatId: number): void;
  close(): Promise<void>;
}

/** A message the bot prepared for a user to share (Bot API 8.0). */
export interface FakePreparedMessage {
  userId: number;
  result: Record<string, unknown>;
  chatTypes: { users: boolean; bots: boolean; groups: boolean; channels: boolean };
  expiresAt: number;
}

/** Telegram keeps a prepared message for 24 hours. */
const PREPARED_TTL_S = 24 * 3600;

/**
 * savePreparedInlineMessage as Telegram checks it: a user, a result with a type, an id and what
 * to send, and at least one kind of chat to send it to; anything else is a 400.
 */
function prepare(params: Record<string, unknown>, prepared: Map<string, FakePreparedMessage>): unknown {
  const result = (params.result && typeof params.result === 'object' ? params.result : null) as Record<string, unknown> | null;
  const content = (result?.input_message_content ?? null) as Record<string, unknown> | null;
  if (typeof params.user_id !== 'number' || !result || typeof result.type !== 'string' || typeof result.id !== 'string' || !content?.message_text) {
    return new BotApiError(400, 'Bad Request: RESULT_INVALID');
  }
  const chatTypes = {
    users: params.allow_user_chats === true,
    bots: params.allow_bot_chats === true,
    groups: params.allow_group_chats === true,
    channels: params.allow_channel_chats === true,
  };
  if (!Object.values(chatTypes).some(Boolean)) return new BotApiError(400, 'Bad Request: no chat types allowed');
  const id = `prep${prepared.size + 1}${Math.random().toString(36).slice(2, 8)}`;
  const expiresAt = Math.floor(Date.now() / 1000) + PREPARED_TTL_S;
  prepared.set(id, { userId: params.user_id, result, chatTypes, expiresAt });
  return { id, expiration_date: expiresAt };
}

const BOT_USER = { id: 777000111, is_bot: true, first_name: 'Zalik', username: 'zalik_test_bot', can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false };

const FAILURE_TEXT: Record<number, string> = { 400: 'Bad Request: the fake was told to fail', 403: 'Forbidden: bot was blocked by the user' };

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A small multipart reader. grammY writes headers the way Telegram accepts them
 * (`content-disposition:form-data;name="x";filename=a.pdf`), which stricter parsers refuse.
 */
function readMultipart(body: Buffer, boundary: string): { name: string; filename?: string; data: Buffer }[] {
  const parts: { name: string; filename?: string; data: Buffer }[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const part = body.subarray(start + 2, next - 2); // skip the CRLF after the delimiter and before the next
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const name = /;\s*name="?([^";\r\n]+)"?/i.exec(headers)?.[1] ?? '';
    const filename = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1];
    parts.push({ name, filename, data: part.subarray(headerEnd + 4) });
    at = next;
  }
  return parts;
}

async function parse(req: IncomingMessage, body: Buffer): Promise<Pick<BotCall, 'params' | 'files'>> {
  const type = req.headers['content-type'] ?? '';
  const boundary = /boundary=(.+)$/.exec(type)?.[1];
  if (type.startsWith('multipart/form-data') && boundary) {
    const params: Record<string, unknown> = {};
    const files: BotCall['files'] = [];
    for (const part of readMultipart(body, boundary)) {
      if (part.filename !== undefined) {
        files.push({ field: part.name, name: part.filename, bytes: part.data });
        continue;
      }
      const value = part.data.toString('utf8');
      try {
        params[part.name] = JSON.parse(value);
      } catch {
        params[part.name] = value;
      }
    }
    return { params, files };
  }
  return { params: body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {}, files: [] };
}

/** A local stand-in for api.telegram.org speaking enough of the Bot API for the bot and the outbox. */
export async function startFakeBotApi(token = '123456:test-bot-token'): Promise<FakeBotApi> {
  const calls: BotCall[] = [];
  const updates: Record<string, unknown>[] = [];
  let failures: { count: number; how: 'error' | 'down' | number; method?: string } = { count: 0, how: 'error' };
  let messageId = 1;
  const blocked = new Set<number>();
  const prepared = new Map<string, FakePreparedMessage>();
  let nextUpdateId = 1;
  let handler: ((update: Record<string, unknown>) => unknown) | null = null;
  /** The getUpdates request waiting for updates now, if any. */
  let polling: object | null = null;

  /** Update ids only grow, as Telegram's do: getUpdates' offset forgets every id below it. */
  const queue = (update: Record<string, unknown>) => {
    const withId = { ...update, update_id: typeof update.update_id === 'number' ? update.update_id : nextUpdateId };
    nextUpdateId = Math.max(nextUpdateId, withId.update_id + 1);
    updates.push(withId);
    return withId;
  };
  const payments = createFakePayments({
    calls,
    nextMessageId: () => messageId++,
    emit(update) {
      if (!handler) return queue(update);
      const withId = { ...update, update_id: nextUpdateId++ };
      void Promise.resolve()
        .then(() => handler?.(withId))
        .catch(() => undefined);
      return withId;
    },
  });

  const message = (chatId: unknown, extra: Record<string, unknown> = {}) => ({
    message_id: messageId++,
    date: Math.floor(Date.now() / 1000),
    chat: { id: Number(chatId), type: Number(chatId) > 0 ? 'private' : 'supergroup' },
    from: BOT_USER,
    ...extra,
  });

  const answer = async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    switch (method) {
      case 'getMe':
        return BOT_USER;
      case 'sendMessage':
        return message(params.chat_id, { text: params.text });
      case 'sendDocument':
        return message(params.chat_id, { document: { file_id: `doc${messageId}`, file_unique_id: `u${messageId}` } });
      case 'sendMediaGroup':
        return (params.media as unknown[]).map(() => message(params.chat_id, { document: { file_id: `doc${messageId}`, file_unique_id: `u${messageId}` } }));
      case 'getUpdates': {
        // As Telegram does with two pollers of one bot: a newer request ends the one still waiting.
        const poll = {};
        polling = poll;
        const offset = Number(params.offset ?? 0);
        // As Telegram does: an offset confirms every update before it, which is then forgotten.
        while (updates.length && Number(updates[0]!.update_id) < offset) updates.shift();
        for (let waited = 0; waited < 200 && polling === poll && !updates.some((u) => Number(u.update_id) >= offset); waited += 20) {
          await new Promise((r) => setTimeout(r, 20));
        }
        if (polling !== poll) return new BotApiError(409, 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running');
        polling = null;
        return updates.filter((u) => Number(u.update_id) >= offset);
      }
      case 'savePreparedInlineMessage':
        return prepare(params, prepared);
      case 'deleteWebhook':
      case 'setWebhook':
      case 'answerCallbackQuery':
      case 'setMyCommands':
        return true;
      default:
        return payments.answer(method, params);
    }
  };

  const http = await serveLocally(async (req, res) => {
    const m = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(req.url ?? '/', 'http://fake').pathname);
    const body = await readBody(req);
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (!m) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, gotToken, method] = m as unknown as [string, string, string];
    const parsed = await parse(req, body);
    const call: BotCall = { method, ...parsed, ok: false };
    calls.push(call);
    if (gotToken !== token) return send(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    if (failures.count > 0 && method !== 'getUpdates' && (!failures.method || failures.method === method)) {
      failures.count--;
      if (failures.how === 'down') return req.socket.destroy();
      const code = failures.how === 'error' ? 500 : failures.how;
      return send(code, { ok: false, error_code: code, description: FAILURE_TEXT[code] ?? 'Internal Server Error' });
    }
    if (/^send/.test(method) && blocked.has(Number(parsed.params.chat_id))) {
      return send(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    }
    const result = await answer(method, parsed.params);
    if (result === undefined) return send(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    if (result instanceof BotApiError) return send(result.code, { ok: false, error_code: result.code, description: result.description });
    call.ok = true;
    send(200, { ok: true, result });
  });

  return {
    apiRoot: http.apiRoot,
    token,
    calls,
    delivered: (method) => calls.filter((c) => c.ok && (!method || c.method === method)),
    fail(count, how = 'error', method) {
      failures = { count, how, method };
    },
    prepared,
    block(chatId) {
      blocked.add(chatId);
    },
    pushUpdate: queue,
    deliverTo(h) {
      handler = h;
    },
    invoices: payments.invoices,
    payments: payments.payments,
    invoice: payments.invoice,
    pay: payments.pay,
    redeliver: payments.redeliver,
    forgePayment: payments.forgePayment,
    close: http.close,
  };
}
