import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, SUPPORT_MAX_FILE_BYTES } from '@zalik/contract';
import { rows } from '../src/db/client.js';
import { SUPPORT_MESSAGES_PER_WINDOW } from '../src/modules/supports/routes.js';
import { ADMIN_ID, auth, createTestContext, login, type TestContext } from './helpers.js';
import { blobCount } from './purchase-world.js';

let ctx: TestContext;
let student: string;
const STUDENT = 7301;
const SUPPORT_CHAT = '-1001234567890';

interface Part {
  name: string;
  bytes: Buffer;
}

/** A multipart body as a browser's FormData would send it. */
async function form(message: string | null, files: Part[]) {
  const fd = new FormData();
  if (message !== null) fd.append('message', message);
  for (const f of files) fd.append('files', new Blob([new Uint8Array(f.bytes)], { type: 'application/pdf' }), f.name);
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

async function send(message: string | null, files: Part[], token = student) {
  const { payload, contentType } = await form(message, files);
  return ctx.app.inject({ method: 'POST', url: '/api/v1/supports/sent', headers: { ...auth(token), 'content-type': contentType }, payload });
}

const file = (name: string, size: number, fill = 0x41): Part => ({ name, bytes: Buffer.alloc(size, fill) });

async function stored() {
  const [messages, files, outbox] = await Promise.all([
    rows<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM support_messages`),
    rows<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM support_files`),
    rows<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM outbox WHERE kind = 'support_message'`),
  ]);
  return { messages: Number(messages[0]!.n), files: Number(files[0]!.n), outbox: Number(outbox[0]!.n), blobs: await blobCount(ctx) };
}

beforeAll(async () => {
  ctx = await createTestContext({ SUPPORT_CHAT_ID: SUPPORT_CHAT });
  student = await login(ctx.app, { id: STUDENT, username: 'stud' });
});
afterAll(() => ctx.close());

describe('POST /api/v1/supports/sent', () => {
  it('stores a message with three files (one of exactly 5242880 bytes) and queues it for the support chat', async () => {
    const files = [file('звіт.pdf', SUPPORT_MAX_FILE_BYTES, 0x31), file('b.txt', 10, 0x32), file('c.png', 20, 0x33)];
    const res = await send('  Не можу завантажити файл  ', files);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(String), files: 3 });

    const [msg] = await rows<{ telegram_id: number; message: string }>(ctx.deps.db, sql`SELECT telegram_id, message FROM support_messages`);
    expect(msg).toEqual({ telegram_id: STUDENT, message: 'Не можу завантажити файл' });
    const saved = await rows<{ blob_id: string; file_name: string; size: number; mime: string }>(
      ctx.deps.db,
      sql`SELECT blob_id, file_name, size, mime FROM support_files ORDER BY position`,
    );
    // Every part claimed application/pdf; the type recorded is what the bytes are.
    expect(saved.map((f) => [f.file_name, Number(f.size), f.mime])).toEqual([
      ['звіт.pdf', SUPPORT_MAX_FILE_BYTES, 'application/octet-stream'],
      ['b.txt', 10, 'text/plain; charset=utf-8'],
      ['c.png', 20, 'application/octet-stream'],
    ]);
    const bytes = await ctx.deps.blobs.get(saved[0]!.blob_id);
    expect(bytes.equals(files[0]!.bytes)).toBe(true);

    const [queued] = await rows<{ chat_id: number; payload: { text: string; files: { blobId: string; fileName: string }[] } }>(
      ctx.deps.db,
      sql`SELECT chat_id, payload FROM outbox WHERE kind = 'support_message'`,
    );
    expect(String(queued!.chat_id)).toBe(SUPPORT_CHAT);
    expect(queued!.payload.text).toContain('@stud');
    expect(queued!.payload.text).toContain(`ID ${STUDENT}`);
    expect(queued!.payload.text).toContain('Не можу завантажити файл');
    expect(queued!.payload.files).toEqual(saved.map((f) => ({ blobId: f.blob_id, fileName: f.file_name })));
    expect(await stored()).toEqual({ messages: 1, files: 3, outbox: 1, blobs: 3 });
  });

  it('sends a message without files', async () => {
    const res = await send('Просто питання', []);
    expect(res.statusCode).toBe(200);
    expect(res.json().files).toBe(0);
    expect(await stored()).toEqual({ messages: 2, files: 3, outbox: 2, blobs: 3 });
  });

  it.each([
    ['four files', 'Привіт', [file('1', 5), file('2', 5), file('3', 5), file('4', 5)], MSG.supportTooManyFiles],
    ['a file one byte over 5 MB', 'Привіт', [file('ok', 5), file('big', SUPPORT_MAX_FILE_BYTES + 1)], MSG.supportFileTooBig],
    ['no message', null, [file('a', 5)], MSG.supportMessageEmpty],
    ['a blank message', '   ', [file('a', 5), file('b', 5)], MSG.supportMessageEmpty],
  ])('refuses %s and stores nothing, not even the files read before', async (_what, message, files, expected) => {
    const before = await stored();
    const res = await send(message, files);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expected });
    expect(await stored()).toEqual(before);
  });

  it('answers the spec\'s message for a file one byte over 5 MB over real HTTP too, first part or last', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as { port: number };
    const before = await stored();
    for (const fileFirst of [true, false]) {
      const fd = new FormData();
      const big = new Blob([new Uint8Array(SUPPORT_MAX_FILE_BYTES + 1)], { type: 'application/pdf' });
      if (fileFirst) fd.append('files', big, 'big.pdf');
      fd.append('message', 'Привіт');
      if (!fileFirst) fd.append('files', big, 'big.pdf');
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/supports/sent`, { method: 'POST', headers: auth(student), body: fd });
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { message: MSG.supportFileTooBig } });
    }
    expect(await stored()).toEqual(before);
  });

  it('needs a Telegram username', async () => {
    const nameless = await login(ctx.app, { id: 7302, username: '' });
    const before = await stored();
    const res = await send('Допоможіть', [file('a', 5)], nameless);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.usernameRequired });
    expect(await stored()).toEqual(before);
  });

  it('limits how many messages one user may send in 10 minutes', async () => {
    const chatty = await login(ctx.app, { id: 7303, username: 'chatty' });
    for (let i = 0; i < SUPPORT_MESSAGES_PER_WINDOW; i++) expect((await send(`питання ${i}`, [], chatty)).statusCode).toBe(200);
    const before = await stored();
    const res = await send('ще одне', [], chatty);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: MSG.tooManyRequests });
    expect(await stored()).toEqual(before);
    // Others are not affected.
    expect((await send('моє питання', [])).statusCode).toBe(200);
  });

  it("takes a banned user's message (the blocked screen's only way out), and nothing else of theirs", async () => {
    const admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
    const banned = await login(ctx.app, { id: 7304, username: 'banned' });
    expect((await ctx.app.inject({ method: 'PATCH', url: '/api/v1/users/7304/ban?value=true', headers: auth(admin) })).statusCode).toBe(200);
    const before = await stored();
    const res = await send('Прошу розблокувати: я нічого не порушував', [], banned);
    expect(res.statusCode).toBe(200);
    const [msg] = await rows<{ telegram_id: number; message: string }>(ctx.deps.db, sql`SELECT telegram_id, message FROM support_messages WHERE telegram_id = 7304`);
    expect(msg).toEqual({ telegram_id: 7304, message: 'Прошу розблокувати: я нічого не порушував' });
    expect(await stored()).toEqual({ ...before, messages: before.messages + 1, outbox: before.outbox + 1 });
    const faq = await ctx.app.inject({ method: 'GET', url: '/api/v1/faq', headers: auth(banned) });
    expect([faq.statusCode, faq.json().message]).toEqual([403, MSG.banned]);
  });

  it('refuses a body that is not multipart, and a caller without a token', async () => {
    const json = await ctx.app.inject({ method: 'POST', url: '/api/v1/supports/sent', headers: auth(student), payload: { message: 'hi' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(MSG.badContentType);
    const { payload, contentType } = await form('hi', []);
    const anon = await ctx.app.inject({ method: 'POST', url: '/api/v1/supports/sent', headers: { 'content-type': contentType }, payload });
    expect(anon.statusCode).toBe(401);
  });
});
