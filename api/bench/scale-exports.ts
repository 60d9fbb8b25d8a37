/**
 * The CSV exports' start on a dataset (issue 30: "the CSV exports start streaming within 1 s"):
 * the admin asks for a link to the last 30 Kyiv days' transfers and orders, then downloads it,
 * `ROUNDS` times each; the time to the first byte and to the last, as the accountant waits them.
 * Broken: an answer not 2xx, an empty file, or one that does not begin with its CSV header line.
 */
import { pathOf, endpoints as ep, EXPORT_COLUMNS, ExportLink, KYIV_TIME_ZONE, type ExportKind } from '@zalik/contract';
import { BOM, csvLine } from '../src/modules/dashboard/csv.js';
import { median } from './lib.js';

const ROUNDS = 3;
const DAYS = 30;

export interface ExportTiming {
  kind: ExportKind;
  /** Over the rounds, ms. */
  firstByteMs: { min: number; median: number };
  wholeMs: { min: number; median: number };
  /** The median round's size. */
  megabytes: number;
  broken?: string;
}

const kyivDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: KYIV_TIME_ZONE }).format(d);
const spread = (xs: number[]) => ({ min: Math.min(...xs), median: median(xs) });
const ok = (status: number) => status >= 200 && status < 300;

async function once(apiUrl: string, token: string, kind: ExportKind): Promise<{ firstByteMs: number; wholeMs: number; bytes: number; broken?: string }> {
  const to = new Date();
  const body = { kind, from: kyivDay(new Date(to.getTime() - (DAYS - 1) * 86_400_000)), to: kyivDay(to) };
  const made = await fetch(apiUrl + pathOf(ep.createExport), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!ok(made.status)) return { firstByteMs: 0, wholeMs: 0, bytes: 0, broken: `the link: ${made.status} ${(await made.text()).slice(0, 200)}` };
  const answer = ExportLink.safeParse(await made.json());
  if (!answer.success) return { firstByteMs: 0, wholeMs: 0, bytes: 0, broken: `the link: not the contract's shape: ${answer.error.message.slice(0, 200)}` };
  const link = new URL(answer.data.link);
  // The link names the public address; the bench's API listens elsewhere.
  const t0 = performance.now();
  const res = await fetch(apiUrl + link.pathname + link.search);
  if (!ok(res.status) || !res.body) return { firstByteMs: 0, wholeMs: 0, bytes: 0, broken: `the file: ${res.status} ${(await res.text()).slice(0, 200)}` };
  let firstByteMs = 0;
  let bytes = 0;
  const head: Buffer[] = [];
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = performance.now() - t0;
    if (bytes < 4096) head.push(Buffer.from(chunk));
    bytes += chunk.length;
  }
  const wholeMs = performance.now() - t0;
  const start = Buffer.concat(head).toString('utf8');
  const broken =
    bytes === 0 ? 'an empty file' : start.startsWith(BOM + csvLine(EXPORT_COLUMNS[kind])) ? undefined : `no CSV header line: "${start.slice(0, 80)}"`;
  return { firstByteMs, wholeMs, bytes, broken };
}

export async function timeExports(apiUrl: string, adminToken: string): Promise<ExportTiming[]> {
  const out: ExportTiming[] = [];
  for (const kind of ['transfers', 'orders'] as const) {
    const runs = [];
    for (let i = 0; i < ROUNDS; i++) runs.push(await once(apiUrl, adminToken, kind));
    const broken = runs.find((r) => r.broken)?.broken;
    out.push({
      kind,
      firstByteMs: spread(runs.map((r) => r.firstByteMs)),
      wholeMs: spread(runs.map((r) => r.wholeMs)),
      megabytes: median(runs.map((r) => r.bytes)) / 1e6,
      broken,
    });
  }
  return out;
}
