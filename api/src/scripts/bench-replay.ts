/**
 * The SQL-only ceiling of `bench:purchase`: the statements the API really sent for one purchase
 * (captured from the driver while a warm-up purchase ran), replayed through `pg` with nothing
 * else around them (no HTTP, no JSON, no auth, no service code) by the same number of buyers on
 * a pool of the same size, on the same database. What the API reaches as a share of it is what
 * its own code costs; the database's work is the same by construction: each text is a named
 * prepared statement, as the API's pool sends it (db/pool.ts), so the server parses and plans
 * it once per connection here too (sent unnamed, every purchase was parsed and planned again,
 * and on a loaded machine the "ceiling" fell below the API itself).
 */
import pg from 'pg';

export interface Captured {
  text: string;
  params: unknown[];
}

/** One purchase's statements and the values that made them that purchase's and no other's. */
export interface PurchaseScript {
  statements: Captured[];
  buyerId: number;
  orderId: number;
  key: string;
}

/** `text` with the buyer, the order and the key of the script replaced by another purchase's. */
function rebind(value: unknown, s: PurchaseScript, buyerId: number, orderId: number, key: string): unknown {
  if (value === s.buyerId) return buyerId;
  if (value === s.orderId) return orderId;
  if (typeof value !== 'string') return value;
  return value
    .replaceAll(s.key, key)
    .replace(new RegExp(`\\b${s.buyerId}\\b`, 'g'), String(buyerId))
    .replace(new RegExp(`\\b${s.orderId}\\b`, 'g'), String(orderId));
}

/**
 * Replays `script` once as `buyerId` under `key`. The new order's id is the one the replayed
 * statements take from the sequence themselves (the first `order_id` a statement answers), so
 * every later statement names the new order, as the API's would.
 */
async function replayOnce(pool: pg.Pool, s: PurchaseScript, buyerId: number, key: string): Promise<void> {
  let orderId = s.orderId;
  for (const st of s.statements) {
    const result = await pool.query({
      name: statementName(st.text),
      text: st.text,
      values: st.params.map((p) => rebind(p, s, buyerId, orderId, key)),
    });
    const taken = (result.rows[0] as { order_id?: unknown } | undefined)?.order_id;
    if (taken !== undefined && orderId === s.orderId) orderId = Number(taken);
  }
}

const names = new Map<string, string>();
const statementName = (text: string): string => {
  let name = names.get(text);
  if (!name) names.set(text, (name = `replay_${names.size + 1}`));
  return name;
};

export interface ReplayResult {
  purchases: number;
  seconds: number;
  latencies: number[];
}

/**
 * `buyers` concurrent loops of `perBuyer` purchases each, kind by kind as `scriptFor` says, after
 * `warm.warmPurchases` each by `warm.warmBuyers` (not counted) so the pool's connections are open
 * and the statements prepared, as in a running API.
 */
export async function replay(
  url: string,
  buyers: number[],
  perBuyer: number,
  scriptFor: (buyerIndex: number, n: number) => PurchaseScript,
  warm: { warmBuyers: number[]; warmPurchases: number } = { warmBuyers: [], warmPurchases: 0 },
): Promise<ReplayResult> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const run = async (ids: number[], count: number, tag: string, latencies: number[]) =>
    Promise.all(
      ids.map(async (buyerId, bi) => {
        for (let n = 0; n < count; n++) {
          const t0 = performance.now();
          await replayOnce(pool, scriptFor(bi, n), buyerId, `${tag}-${buyerId}-${n}`);
          latencies.push(performance.now() - t0);
        }
      }),
    );
  try {
    await run(warm.warmBuyers, warm.warmPurchases, 'replay-warm', []);
    const latencies: number[] = [];
    const started = performance.now();
    await run(buyers, perBuyer, 'replay', latencies);
    return { purchases: latencies.length, seconds: (performance.now() - started) / 1000, latencies: latencies.sort((a, b) => a - b) };
  } finally {
    await pool.end();
  }
}
