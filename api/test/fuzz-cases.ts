/**
 * A small deterministic request generator for fuzz-api.test.ts: a seeded PRNG picks, per
 * request, one way to spoil a valid-ish sample (wrong types, missing and extra fields, huge
 * strings, odd numbers, non-numeric and traversal ids, bad JSON, wrong content types,
 * oversized bodies, multipart garbage). The same seed gives the same requests every run.
 */
import { multipart, type Part } from './docx.js';

/** mulberry32: tiny, fast and good enough to pick cases. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}
export type Rng = ReturnType<typeof prng>;

const HUGE = 'я'.repeat(100_000);
/** Path-parameter values no id should survive (raw ones go in unencoded). */
export const BAD_IDS = [
  'abc', '-1', '0', '1.5', '1e3', '0x1f', '+7', ' 1', '99999999999999999999999', String(Number.MAX_SAFE_INTEGER + 2),
  '../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..\\..\\windows\\win.ini', '%00', 'null',
  'NaN', 'Infinity', '١٢٣', "1'; DROP TABLE users;--", '<script>alert(1)</script>', 'x'.repeat(3000), '%E0%A4%A', '1/../2',
];
const RAW_IDS = ['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '%00', '%E0%A4%A', '1/../2'];

export const WEIRD: readonly unknown[] = [
  null, true, false, 0, -1, -0.5, 1.5, 0.001, 1e308, -1e308, 1e21, '', ' ', 'abc', '-5', '1.255', '1e5', 'NaN', 'Infinity',
  HUGE, 'x'.repeat(51), [], [1, 2], ['1', null], {}, { a: 1 }, '\u0000', '😀'.repeat(500), '<img src=x onerror=alert(1)>',
  "' OR 1=1 --", Number.MAX_SAFE_INTEGER + 2, '9'.repeat(40), 'ROLE_ADMIN', 'GLOBAL', 'REGULAR', 'true', '../../etc/passwd',
];
const EXTRA_KEYS = ['__proto__', 'constructor', 'id', 'isAdmin', 'roles', 'balance', 'telegramId', 'x'.repeat(200), ''];
const BAD_JSON = ['{', '{"a":', 'nul', "{'a':1}", '[1,2', '{"a":1}}', '\u0000', '"unterminated', '{"a":1,}', 'NaN', '01', '{"__proto__":{"x":1}'];
const CONTENT_TYPES = ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/octet-stream', 'application/json; charset=latin1', 'image/png'];
/** Bigger than the app's 1 MB body limit. */
const OVERSIZED = JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) });
const NASTY_NAMES = [
  '../../etc/passwd', '..\\..\\boot.ini', '/etc/shadow', 'a/b/c.pdf', 'C:\\Windows\\evil.docx', '....//....//x.txt', '%2e%2e%2fx.txt',
  'a\r\nX-Injected: 1.txt', 'ім’я "лапки".txt', '\u0000.pdf', '.htaccess', 'x'.repeat(5000) + '.pdf', '', 'CON.txt', 'evil.exe', 'шаблон.docx',
];
const BYTES: readonly Buffer[] = [
  Buffer.from('%PDF-1.4 not really'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), Buffer.from('MZ\x90\x00 executable'),
  Buffer.from('<html><script>alert(1)</script></html>'), Buffer.alloc(0), Buffer.from([0, 1, 2, 255, 254]), Buffer.from('plain text ✓'),
];

export interface Template {
  method: string;
  /** Fastify pattern, `:param`s. */
  pattern: string;
  params: Record<string, string>;
  query: string;
  body: unknown;
  parts: Part[] | undefined;
  multipart: boolean;
}

export interface FuzzRequest {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const fill = (pattern: string, params: Record<string, string>, encode: boolean) =>
  pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => (encode ? encodeURIComponent(params[name] ?? '1') : (params[name] ?? '1')));

function json(body: unknown): Pick<FuzzRequest, 'headers' | 'payload'> {
  return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) ?? 'null' };
}

/** The sample's body with one field spoiled, dropped, or an extra one added. */
function spoilBody(r: Rng, body: unknown): { kind: string; body: unknown } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { kind: 'whole-body', body: r.pick(WEIRD) };
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  const keys = Object.keys(copy);
  const roll = r.int(4);
  if (roll === 0 && keys.length) {
    delete copy[r.pick(keys)];
    return { kind: 'missing-field', body: copy };
  }
  if (roll === 1) {
    copy[r.pick(EXTRA_KEYS)] = r.pick(WEIRD);
    return { kind: 'extra-field', body: copy };
  }
  if (keys.length) copy[r.pick(keys)] = r.pick(WEIRD);
  return { kind: 'wrong-type', body: copy };
}

function spoilParts(r: Rng, parts: Part[] | undefined): { kind: string; payload: Buffer; headers: Record<string, string> } {
  const roll = r.int(6);
  if (roll === 0) {
    const boundary = 'zalikfuzz';
    return { kind: 'multipart-garbage', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat([Buffer.from(`--${boundary}\r\n`), r.pick(BYTES), Buffer.from(r.pick(['', '\r\n--zalikfuzz', 'Content-Disposition: form-data\r\n\r\n']))]) };
  }
  if (roll === 1) return { kind: 'multipart-no-boundary', headers: { 'content-type': 'multipart/form-data' }, payload: Buffer.from('--x\r\n\r\nabc') };
  const file = (): Part => ({ name: r.pick(['file', 'files', 'template', 'x']), filename: r.pick(NASTY_NAMES), contentType: r.pick(['application/pdf', 'text/plain', 'application/x-msdownload', '']), value: r.pick(BYTES) });
  let out: Part[];
  if (roll === 2) out = [...(parts ?? []), file()];
  else if (roll === 3) out = Array.from({ length: 2 + r.int(14) }, file);
  else if (roll === 4) out = [{ name: r.pick(['message', 'x', 'file']), value: r.pick([HUGE, '', 'привіт', '\u0000']) }, ...(parts ?? []).slice(1)];
  else out = [file()];
  const mp = multipart(out);
  return { kind: `multipart-${['', '', 'extra-file', 'many-files', 'text-field', 'nasty-file'][roll]}`, headers: mp.headers, payload: mp.payload };
}

/** One spoiled request built from a route's valid-ish template. */
export function fuzzRequest(r: Rng, t: Template): FuzzRequest {
  let params = t.params;
  let query = t.query;
  let kind = '';
  let body: Pick<FuzzRequest, 'headers' | 'payload'> = t.parts ? multipart(t.parts) : t.body !== undefined ? json(t.body) : { headers: {} };
  let raw = false;
  const names = Object.keys(params);
  const roll = r.int(10);
  if (roll <= 1 && names.length) {
    const bad = r.pick(BAD_IDS);
    raw = RAW_IDS.includes(bad) && r.int(2) === 0;
    params = { ...params, [r.pick(names)]: bad };
    kind = raw ? 'raw-param' : 'bad-param';
  } else if (roll === 2) {
    const key = r.pick(['page', 'limit', 'value', 'prefix', 'status', 'wallet', 'exp', 'sig', 'x']);
    query = `${key}=${encodeURIComponent(String(r.pick(WEIRD)).slice(0, 2000))}${r.int(2) ? `&${query}` : ''}`;
    kind = 'bad-query';
  } else if (t.multipart) {
    const m = roll === 3 ? { kind: 'json-to-multipart', ...json({ file: 'x' }) } : spoilParts(r, t.parts);
    kind = m.kind;
    body = { headers: m.headers, payload: m.payload };
  } else if (roll <= 5) {
    const s = spoilBody(r, t.body);
    kind = s.kind;
    body = json(s.body);
  } else if (roll === 6) {
    kind = 'bad-json';
    body = { headers: { 'content-type': 'application/json' }, payload: r.pick(BAD_JSON) };
  } else if (roll === 7) {
    kind = 'content-type';
    body = { headers: { 'content-type': r.pick(CONTENT_TYPES) }, payload: JSON.stringify(t.body ?? { a: 1 }) };
  } else if (roll === 8) {
    kind = 'oversized';
    body = { headers: { 'content-type': 'application/json' }, payload: OVERSIZED };
  } else {
    kind = 'whole-body';
    body = json(r.pick(WEIRD));
  }
  const url = fill(t.pattern, params, !raw) + (query ? `?${query}` : '');
  return { kind, method: t.method, url, headers: body.headers, ...(body.payload !== undefined ? { payload: body.payload } : {}) };
}
