import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const MODULES = { mammoth: require.resolve('mammoth'), pdfjs: pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href };

export type DocumentKind = 'pdf' | 'docx' | 'txt';

export interface ExtractLimits {
  /** A DOCX whose parts declare more unpacked bytes is refused before anything is inflated. */
  maxUnpackedBytes: number;
  /** Text kept from one document, in characters. */
  maxChars: number;
  chunkChars: number;
  /** The worker is stopped after this long, and when its heap passes maxHeapMb. */
  timeoutMs: number;
  maxHeapMb: number;
}

export const EXTRACT_LIMITS: ExtractLimits = { maxUnpackedBytes: 50 * 1024 * 1024, maxChars: 400_000, chunkChars: 800, timeoutMs: 20_000, maxHeapMb: 256 };

/** A file's kind by its extension and its first bytes together; null for anything else. */
export function kindOf(fileName: string, bytes: Buffer): DocumentKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'pdf' && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (ext === 'docx' && bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'docx';
  if (ext === 'txt' && !bytes.includes(0)) return 'txt';
  return null;
}

/** Why a document gave no text: each is refused with one Ukrainian message. */
export class Unreadable extends Error {}

/**
 * Plain CommonJS for `new Worker(code, { eval: true })` (runs alike from src/ and dist/). A DOCX's
 * central directory is read first: declared sizes past the limit are a bomb, refused at once;
 * sizes that lie still meet the worker's heap limit and timeout, which end only this worker.
 * The text is cut into chunks of whole paragraphs here too, off the API's thread.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { kind, bytes, limits, modules } = workerData;
function declaredUnpacked(buf) {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557); i--) if (buf.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  if (eocd < 0) throw new Error('not a zip');
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory');
    const packed = buf.readUInt32LE(p + 20);
    const unpacked = buf.readUInt32LE(p + 24);
    if (packed === 0xffffffff || unpacked === 0xffffffff) throw new Error('zip64');
    total += unpacked;
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return total;
}
async function text() {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'txt') return new TextDecoder('utf-8').decode(buf);
  if (kind === 'docx') {
    if (declaredUnpacked(buf) > limits.maxUnpackedBytes) throw new Error('unpacks too large');
    return (await require(modules.mammoth).extractRawText({ buffer: buf })).value;
  }
  const pdfjs = await import(modules.pdfjs);
  const doc = await pdfjs.getDocument({ data: new Uint8Array(buf), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  let out = '';
  for (let i = 1; i <= doc.numPages && out.length < limits.maxChars; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    out += content.items.map((it) => (it.str || '') + (it.hasEOL ? '\\n' : ' ')).join('') + '\\n\\n';
  }
  return out;
}
function chunks(all) {
  const paragraphs = all.slice(0, limits.maxChars).replace(/\\r/g, '').split(/\\n\\s*\\n|\\n/).map((p) => p.replace(/\\s+/g, ' ').trim()).filter(Boolean);
  const out = [];
  let cur = '';
  for (let p of paragraphs) {
    while (p.length > limits.chunkChars) { if (cur) { out.push(cur); cur = ''; } out.push(p.slice(0, limits.chunkChars)); p = p.slice(limits.chunkChars); }
    if (cur && cur.length + 1 + p.length > limits.chunkChars) { out.push(cur); cur = ''; }
    cur = cur ? cur + ' ' + p : p;
  }
  if (cur) out.push(cur);
  return out;
}
text().then((t) => parentPort.postMessage({ ok: true, chunks: chunks(t) }), (e) => parentPort.postMessage({ ok: false, error: String((e && e.message) || e) }));
`;

/** The document's text in chunks, read in a worker thread of its own; Unreadable when it gives none. */
export function extractChunks(kind: DocumentKind, bytes: Buffer, limits: ExtractLimits = EXTRACT_LIMITS): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { kind, bytes, limits, modules: MODULES },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (err: Error | null, chunks?: string[]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (err) reject(err);
      else resolve(chunks!);
    };
    const timer = setTimeout(() => finish(new Unreadable('timeout')), limits.timeoutMs);
    worker.on('message', (m: { ok: boolean; chunks?: string[]; error?: string }) => finish(m.ok ? null : new Unreadable(m.error ?? 'failed'), m.chunks));
    worker.on('error', (err) => finish(new Unreadable(err.message)));
    worker.on('exit', () => finish(new Unreadable('worker exited')));
  });
}
