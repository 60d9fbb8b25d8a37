/**
 * Source of the worker thread that opens templates. It is plain CommonJS evaluated with
 * `new Worker(code, { eval: true })`, so it runs the same from src/ (tests, tsx) and dist/
 * without a build step of its own; the module paths and limits come in workerData.
 *
 * Two jobs: `inspect` compiles an uploaded template and answers its placeholders (the
 * comparison with the task stays in template-check.ts), `render` fills a stored one. A
 * template is first unpacked part by part under a running byte budget: a zip's declared
 * sizes can lie, so the bytes are counted while inflating and inflating stops at the limit.
 *
 * A stored template comes with its blob id (`key`). Its bytes never change under that id
 * (ports/blob-store.ts), so once it has passed that check the worker keeps the bytes, keyed
 * by it, in a small cache (least recently used out first, bounded in templates and in bytes),
 * and the next render of it neither receives nor checks them again. Every render still opens
 * its own PizZip and Docxtemplater from those bytes: docxtemplater writes the rendered parts
 * into its zip and refuses a second render. Every reply lists the keys the cache holds, so
 * the API thread knows which worker needs which bytes (sandbox.ts).
 *
 * The docxtemplater options are the same for both jobs, so a template that passed the check
 * renders as checked: no expression parser (a tag is a plain name looked up on the data, own
 * properties only, so `{constructor}` or `{__proto__}` find nothing), tag names trimmed, a
 * missing value renders as empty text, and characters XML cannot hold are dropped.
 */
export const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { deflateRawSync, inflateRawSync } = require('node:zlib');
const PizZip = require(workerData.pizzip);
const Docxtemplater = require(workerData.docxtemplater);
// PizZip deflates and inflates with pako, in JavaScript: re-zipping the filled document was a
// third of a render. Node's zlib does the same raw DEFLATE natively; an inflate never yields
// more than a whole template may unpack to (the check in open() has counted that already).
PizZip.compressions.DEFLATE.compress = (input, options) =>
  deflateRawSync(input, { level: options && options.level > 0 ? options.level : 6 });
PizZip.compressions.DEFLATE.uncompress = (input) => inflateRawSync(input, { maxOutputLength: Math.max(1, workerData.maxUnpackedBytes) });
const parser = (tag) => {
  const name = tag.trim();
  return {
    get(scope) {
      if (name === '.') return scope;
      return scope !== null && typeof scope === 'object' && Object.prototype.hasOwnProperty.call(scope, name) ? scope[name] : undefined;
    },
  };
};
const options = () => ({
  paragraphLoop: true, linebreaks: true, errorLogging: false, stripInvalidXMLChars: true,
  nullGetter: () => '', parser,
});

class Refusal extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

function open(template) {
  let zip;
  try {
    zip = new PizZip(template);
  } catch {
    throw new Refusal('not-docx');
  }
  if (!zip.file('word/document.xml')) throw new Refusal('not-docx');
  let left = workerData.maxUnpackedBytes;
  for (const f of Object.values(zip.files)) {
    const data = f._data;
    const packed = data && data.getCompressedContent ? data.getCompressedContent() : null;
    if (!packed) continue;
    let size = packed.length;
    if (data.compressionMethod === '\\x08\\x00') {
      try {
        size = inflateRawSync(packed, { maxOutputLength: Math.max(1, left) }).length;
      } catch (err) {
        throw new Refusal(err && err.code === 'ERR_BUFFER_TOO_LARGE' ? 'unpacked-too-large' : 'not-docx');
      }
    }
    left -= size;
    if (left < 0) throw new Refusal('unpacked-too-large');
  }
  return zip;
}

const unescape = (xml) => xml.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

// The paragraphs of one part of the document as docxtemplater reads its text: every <w:t>'s
// content joined, as XML (its offsets count '&amp;' as five characters), each paragraph with
// where its text starts.
function paragraphsOf(zip, file) {
  const part = zip.file(file);
  if (!part) return [];
  const paragraphs = [];
  let pos = 0;
  const re = /<w:p[ >]|<w:t(?: [^>]*)?>([^<]*)<\\/w:t>/g;
  const xml = part.asText();
  let m;
  while ((m = re.exec(xml)) !== null) {
    if (m[1] === undefined) {
      paragraphs.push({ start: pos, xml: '' });
      continue;
    }
    if (paragraphs.length === 0) paragraphs.push({ start: pos, xml: '' });
    paragraphs[paragraphs.length - 1].xml += m[1];
    pos += m[1].length;
  }
  return paragraphs;
}

// The paragraph an offset falls in: its number in the part (from 1), its text, the offset within that text.
function locate(paragraphs, offset) {
  for (let i = paragraphs.length - 1; i >= 0; i--) {
    const p = paragraphs[i];
    if (p.start <= offset && (p.xml.length > 0 || p.start < offset)) {
      return { paragraph: i + 1, text: unescape(p.xml), at: unescape(p.xml.slice(0, offset - p.start)).length };
    }
  }
  return null;
}

// What docxtemplater found wrong (unclosed tag, unopened loop...), a few of them, with the
// paragraph each is in; template-check.ts puts them in the uploader's words.
function explain(err, zip) {
  const props = err.properties || {};
  const all = props.errors && props.errors.length ? props.errors : [err];
  const texts = new Map();
  const str = (v) => (v === undefined || v === null ? null : String(v));
  const problems = all.slice(0, 3).map((e) => {
    const p = e.properties || {};
    const offset = Array.isArray(p.offset) ? p.offset[0] : p.offset;
    const file = typeof p.file === 'string' ? p.file : null;
    let place = null;
    if (file && typeof offset === 'number') {
      if (!texts.has(file)) texts.set(file, paragraphsOf(zip, file));
      place = locate(texts.get(file), offset);
    }
    return {
      id: String(p.id || ''),
      tag: str(p.xtag),
      opening: str(p.openingtag || (p.lastPair && p.lastPair.left)),
      closing: str(p.closingtag || (p.pair && p.pair.left)),
      file,
      place,
      explanation: String(p.explanation || e.message || e),
    };
  });
  return { problems, more: Math.max(0, all.length - 3) };
}

function inspect(job) {
  const zip = open(job.template);
  let doc;
  try {
    doc = new Docxtemplater(zip, options());
  } catch (err) {
    if (err && err.name === 'TemplateError') return { templateError: explain(err, zip) };
    throw new Refusal('not-docx');
  }
  let count = 0;
  const simplify = (parts) => {
    const out = [];
    for (const p of parts || []) {
      if (p.type !== 'placeholder') continue;
      if (++count > workerData.maxTags) throw new Refusal('too-many-tags');
      out.push({ value: String(p.value), raw: String(p.raw || ''), module: p.module || null, inner: simplify(p.subparsed) });
    }
    return out;
  };
  const parts = [];
  for (const file of Object.values(doc.compiled)) parts.push(...simplify(file.postparsed));
  return { parts };
}

// key -> bytes that passed open(); a Map iterates in insertion order, so the first key is the least recently used.
const kept = new Map();
let keptBytes = 0;

function keep(key, bytes) {
  if (bytes.length > workerData.cacheBytes || workerData.cacheTemplates < 1) return;
  while (kept.size >= workerData.cacheTemplates || keptBytes + bytes.length > workerData.cacheBytes) {
    const [oldest, old] = kept.entries().next().value;
    kept.delete(oldest);
    keptBytes -= old.length;
  }
  // A view into a larger buffer (a pooled Buffer arrives with its whole pool) would keep all of it.
  kept.set(key, bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice());
  keptBytes += bytes.length;
}

// A fresh zip of the job's template: checked now, or kept from an earlier check.
function zipOf(job) {
  if (job.key === undefined) return open(job.template);
  const bytes = kept.get(job.key);
  if (bytes) {
    kept.delete(job.key);
    kept.set(job.key, bytes);
    return new PizZip(bytes);
  }
  // The API thread sends the bytes whenever this worker's last reply did not list the key.
  if (!job.template) throw new Error('template ' + job.key + ' is not kept here and came without its bytes');
  const zip = open(job.template);
  keep(job.key, job.template);
  return zip;
}

function render(job) {
  const doc = new Docxtemplater(zipOf(job), options());
  doc.render(job.data);
  const out = doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
  if (out.length > workerData.maxOutputBytes) throw new Refusal('too-large');
  return { bytes: out };
}

parentPort.on('message', (job) => {
  try {
    const result = job.kind === 'inspect' ? inspect(job) : render(job);
    parentPort.postMessage({ id: job.id, held: [...kept.keys()], ...result });
  } catch (err) {
    const reason = err instanceof Refusal ? err.reason : 'failed';
    parentPort.postMessage({ id: job.id, held: [...kept.keys()], reason, error: String((err && err.message) || err) });
  }
});
`;
