/**
 * The buyers of `bench:purchase`, in a worker thread of their own: HTTP clients are not free
 * (fetch took a quarter of the thread in a profile), and on the API's thread they would be
 * counted as the API's cost. Plain node:http with keep-alive, one socket per buyer, as phones
 * on their own connections would be.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { endpoints } from '@zalik/contract';

export interface BuyersJob {
  address: string;
  buyers: { token: string }[];
  purchases: number;
  kind: 'mixed' | 'manual' | 'auto';
  manualId: number;
  autoId: number;
}

export interface BuyersResult {
  seconds: number;
  latencies: Record<'auto' | 'manual', number[]>;
  failures: string[];
}

export const isAuto = (kind: BuyersJob['kind'], buyer: number, n: number) => kind === 'auto' || (kind === 'mixed' && (buyer + n) % 2 === 0);

/** The purchase call's path, from the endpoint table. */
export const PURCHASE_PATH = endpoints.purchase.path;

/** One purchase over `agent`'s connections; answers the status and the body as text. */
export function buy(agent: http.Agent, url: URL, token: string, taskId: number, key: string): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ taskId, arguments: ['7'] });
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'idempotency-key': key,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function run(job: BuyersJob): Promise<BuyersResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.buyers.length });
  const url = new URL(PURCHASE_PATH, job.address);
  const latencies: BuyersResult['latencies'] = { auto: [], manual: [] };
  const failures: string[] = [];
  const started = performance.now();
  await Promise.all(
    job.buyers.map(async (b, bi) => {
      for (let n = 0; n < job.purchases; n++) {
        const auto = isAuto(job.kind, bi, n);
        const t0 = performance.now();
        const res = await buy(agent, url, b.token, auto ? job.autoId : job.manualId, randomUUID()).catch((err: unknown) => ({
          status: 0,
          body: String(err),
        }));
        const took = performance.now() - t0;
        if (res.status === 200) latencies[auto ? 'auto' : 'manual'].push(took);
        else failures.push(`${res.status} ${res.body}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { seconds, latencies, failures };
}

if (parentPort && workerData) parentPort.postMessage(await run(workerData as BuyersJob));
