/**
 * A DOCX whose document part unpacks to ~95 MB from a few hundred KB must neither stall the
 * server nor stay in its memory: it is refused with a Ukrainian message while /healthz keeps
 * answering, over real HTTP so that a blocked event loop would show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { crc32, deflateRawSync } from 'node:zlib';
import PizZip from 'pizzip';
import { MSG, ORDER_MAX_FILE_BYTES, TEMPLATE_MAX_BYTES, TEMPLATE_MAX_UNPACKED_BYTES } from '@zalik/contract';
import { Sandbox } from '../src/modules/generators/sandbox.js';
import { auth, type TestContext } from './helpers.js';
import { docxText, minimalDocx, multipart } from './docx.js';
import { STUDENT, autoTask, balanceOf, buy, download, openWorld, topUp, type World } from './purchase-world.js';
import { expectResponsive, lateDuring } from './responsiveness.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MB = 1024 * 1024;
const PARAGRAPH = '<w:p><w:r><w:t xml:space="preserve">Рядок шаблону курсової роботи</w:t></w:r></w:p>';

/** A zip of deflated entries; `size` is what each entry's headers declare unpacked. */
function zipOf(entries: { name: string; data: Buffer; size?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = deflateRawSync(e.data);
    const fields = (h: Buffer, at: number) => {
      h.writeUInt16LE(20, at); // version needed
      h.writeUInt16LE(0x0800, at + 2); // UTF-8 names
      h.writeUInt16LE(8, at + 4); // deflate
      h.writeUInt32LE(crc32(e.data), at + 10);
      h.writeUInt32LE(packed.length, at + 14);
      h.writeUInt32LE(e.size ?? e.data.length, at + 18);
      h.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    fields(dir, 6);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(dir, name);
    offset += local.length + name.length + packed.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

/**
 * A valid template (its tags match the task) padded with ~95 MB of ordinary paragraphs, or
 * the same with every entry declaring 1 KB unpacked. Built once into the temp folder.
 */
function bombDocx(lying: boolean): Buffer {
  const file = path.join(os.tmpdir(), `zalik-template-bomb-v1${lying ? '-lying' : ''}.docx`);
  if (existsSync(file)) return readFileSync(file);
  const skeleton = new PizZip(minimalDocx(['Студент: {ПІБ}', 'Варіант №{Варіант}']));
  const xml = skeleton.file('word/document.xml')!.asText();
  const padding = PARAGRAPH.repeat(Math.ceil((95 * MB) / Buffer.byteLength(PARAGRAPH)));
  const entries = Object.values(skeleton.files).map((f) => ({
    name: f.name,
    data: Buffer.from(f.name === 'word/document.xml' ? xml.replace('</w:body>', `${padding}</w:body>`) : f.asText()),
    size: lying ? 1024 : undefined,
  }));
  const bytes = zipOf(entries);
  writeFileSync(`${file}.${process.pid}`, bytes);
  renameSync(`${file}.${process.pid}`, file);
  return bytes;
}

let ctx: TestContext;
let w: World;
let base: string;
let bomb: Buffer;
let lyingBomb: Buffer;

beforeAll(async () => {
  ({ ctx, w } = await openWorld());
  bomb = bombDocx(false);
  lyingBomb = bombDocx(true);
  gc();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  await (await fetch(`${base}/healthz`)).arrayBuffer(); // the client's own start-up is not the server's
}, 180_000);
afterAll(() => ctx.close());

/** /healthz's lateness while `work` runs (test/responsiveness.ts). */
const healthDuring = <T>(work: Promise<T>) => lateDuring(`${base}/healthz`, work);

/**
 * The template costs /healthz at most 200 ms (nine answers in ten) and never a second, over what
 * the same poller measures on the same machine just before with nothing uploading; a server
 * blocked by the template, as before, answered nothing for 13.5 s.
 */
const expectResponsiveHealth = (late: number[]) => expectResponsive(`${base}/healthz`, late, { p90Ms: 200, maxMs: 1000 });

async function upload(taskId: number, bytes: Buffer) {
  const form = multipart([{ name: 'file', filename: 'бомба.docx', value: bytes }]);
  const res = await fetch(`${base}/api/v1/tasks/${taskId}/template`, {
    method: 'PUT',
    headers: { ...auth(w.admin), ...form.headers },
    body: new Uint8Array(form.payload),
  });
  return { status: res.status, body: (await res.json()) as { message?: string; tags?: string[] } };
}

const heapUsed = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

describe('a template that unpacks to ~95 MB', () => {
  it('is a few hundred KB packed, within the upload limit', () => {
    expect(bomb.length).toBeLessThan(TEMPLATE_MAX_BYTES);
    expect(TEMPLATE_MAX_UNPACKED_BYTES).toBeLessThanOrEqual(10 * MB);
  });

  it('is refused with a Ukrainian message while /healthz answers within 200 ms, and its memory is returned', async () => {
    const task = await autoTask(ctx, w, { template: false, price: 10 });
    const heapBefore = heapUsed();
    const rssBefore = process.memoryUsage().rss;

    for (const bytes of [bomb, lyingBomb]) {
      const { result, late } = await healthDuring(upload(task, bytes));
      expect([result.status, result.body.message]).toEqual([400, MSG.templateUnpackedTooBig]);
      await expectResponsiveHealth(late);
    }

    expect(heapUsed() - heapBefore).toBeLessThan(100 * MB);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * MB);
    const info = await fetch(`${base}/api/v1/tasks/${task}/template`, { headers: auth(w.admin) });
    expect(info.status).toBe(404);
  });

  it('leaves the server working: a normal template uploads and a purchase generates its document', async () => {
    const task = await autoTask(ctx, w, { template: false, price: 10 });
    expect((await upload(task, bomb)).status).toBe(400);
    const ok = await upload(task, minimalDocx(['Студент: {ПІБ}', 'Варіант №{Варіант}']));
    expect([ok.status, ok.body.tags]).toEqual([200, ['ПІБ', 'Варіант']]);
    await topUp(ctx.database.db, STUDENT, 10);
    const { result: res, late } = await healthDuring(buy(ctx, w.student, task, ['Коваль І. І.', '3']));
    expect(res.statusCode).toBe(200);
    expect(docxText((await download(ctx, res.json().link)).rawPayload)).toBe('Студент: Коваль І. І.\nВаріант №3');
    expect(await balanceOf(ctx.database.db, STUDENT, 'general')).toBe(0);
    await expectResponsiveHealth(late);
  });
});

describe('the sandbox', () => {
  it('refuses to render a template that unpacks past the limit (one stored before the limit)', async () => {
    const sandbox = new Sandbox({ size: 1, timeoutMs: 10_000, maxOutputBytes: ORDER_MAX_FILE_BYTES, maxHeapMb: 256 });
    try {
      for (const bytes of [bomb, lyingBomb]) {
        await expect(sandbox.render(bytes, { ПІБ: 'x', Варіант: '1' })).rejects.toMatchObject({ reason: 'unpacked-too-large' });
      }
      expect(docxText(await sandbox.render(minimalDocx(['{ПІБ}']), { ПІБ: 'так' }))).toBe('так');
    } finally {
      await sandbox.close();
    }
  });
});
