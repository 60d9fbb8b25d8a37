/**
 * The CSV exports' start on a dataset (issue 30: "the CSV exports start streaming within 1 s"):
 * the admin asks for a link to the last 30 Kyiv days' transfers and orders, then downloads it,
 * `ROUNDS` times each; the time to the first byte and to the last, as the accountant waits them.
 */
import { pathOf, endpoints as ep, EXPORT_COLUMNS, type ExportKind } from '@zalik/contract';

const ROUNDS = 3;
const DAYS = 30;

export interface ExportTiming {
  kind: ExportKind;
  /** Medians over the rounds, ms. */
  firstByteMs: number;
  wholeMs: number;
  megabytes: number;
  broken?: string;
}

const kyivDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(d);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function once(apiUrl: string, token: string, kind: ExportKind): Promise<{ firstByteMs: number; wholeMs: number; bytes: number; broken?: string }> {
  const to = new Date();
  const body = { kind, from: kyivDay(new Date(to.getTime() - (DAYS - 1) * 86_400_000)), to: kyivDay(to) };
  const made = await fetch(apiUrl + pathOf(ep.createExport), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (made.status !== 200) return { firstByteMs: 0, wholeMs: 0, bytes: 0, broken: `the link: ${made.status} ${await made.text()}` };
  const link = new URL(((await made.json()) as { link: string }).link);
  // The link names the public address; the bench's API listens elsewhere.
  const t0 = performance.now();
  const res = await fetch(apiUrl + link.pathname + link.search);
  if (res.status !== 200 || !res.body) return { firstByteMs: 0, wholeMs: 0, bytes: 0, broken: `the file: ${res.status}` };
  let firstByteMs = 0;
  let bytes = 0;
  let head = '';
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = performance.now() - t0;
    if (head.length < 4096) head += Buffer.from(chunk).toString('utf8');
    bytes += chunk.length;
  }
  const wholeMs = performance.now() - t0;
  const header = head.replace(/^\uFEFF/, '').split('\r\n')[0] ?? '';
  const broken = header.split(';')[0] === EXPORT_COLUMNS[kind][0] ? undefined : `no CSV header line: "${header.slice(0, 80)}"`;
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
      firstByteMs: median(runs.map((r) => r.firstByteMs)),
      wholeMs: median(runs.map((r) => r.wholeMs)),
      megabytes: median(runs.map((r) => r.bytes)) / 1e6,
      broken,
    });
  }
  return out;
}
