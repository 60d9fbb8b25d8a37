import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** `UNPAGED_LIST_MAX`: the most items a whole list answers. */
    unpagedListMax: number;
  }
}

/** Says every whole list's cap, so a client can tell a full list from a cut one. */
export const LIST_LIMIT_HEADER = 'x-list-limit';

/**
 * Answers a JSON array read batch by batch. The lists older clients ask for whole (every
 * user, a buyer's every order) were built, validated and serialized in one go: 20 000 users
 * held the event loop for half a second, and every other request with it. Here each batch is
 * serialized on its own turn, with the reads between them, so a long list costs others a few
 * milliseconds at a time. The first batch is read before the answer starts: a database that
 * cannot serve still gets its Ukrainian 503. A failure later can only cut the answer short,
 * which a client sees as a broken response, never as a shorter valid list.
 *
 * A whole list answers at most `UNPAGED_LIST_MAX` items (its first ones, in the list's order;
 * the header `x-list-limit` says the cap): a buyer with six thousand orders or a million users
 * otherwise made one answer of megabytes that took seconds to send. The paged form of every
 * such call reaches the rest.
 */
export async function sendJsonArray<T>(reply: FastifyReply, batches: AsyncIterable<readonly T[]>): Promise<FastifyReply> {
  const cap = reply.server.unpagedListMax;
  const source = batches[Symbol.asyncIterator]();
  let next = await inTurn(() => source.next());
  async function* chunks(): AsyncGenerator<string> {
    let separator = '';
    let left = cap;
    yield '[';
    while (!next.done && left > 0) {
      const items = next.value.length > left ? next.value.slice(0, left) : next.value;
      if (items.length > 0) {
        yield separator + items.map((item) => JSON.stringify(item)).join(',');
        separator = ',';
        left -= items.length;
      }
      if (left === 0) break;
      await new Promise<void>((resolve) => setImmediate(resolve));
      next = await inTurn(() => source.next());
    }
    // A list cut at the cap stops reading: the generator's next batch is never asked for.
    await source.return?.();
    yield ']';
  }
  return reply
    .header(LIST_LIMIT_HEADER, String(cap))
    .type('application/json; charset=utf-8')
    .send(Readable.from(chunks(), { objectMode: false }));
}

/**
 * Batches of whole lists read and built at once in this process. Ten 2 000-order histories
 * asked together each read and built their batches side by side; taking turns two at a time
 * does the same work on a CPU-bound machine, while a request between two batches waits behind
 * at most two of them instead of ten. (The heap itself is bounded by the start script's
 * `--max-old-space-size`: docs/PERFORMANCE.md, "Memory".)
 */
const BATCHES_AT_ONCE = 2;
let building = 0;
const waiting: (() => void)[] = [];

async function inTurn<R>(read: () => Promise<R>): Promise<R> {
  if (building < BATCHES_AT_ONCE) building++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await read();
  } finally {
    // The turn passes straight to the next in line, so a newcomer cannot take it first.
    const nextInLine = waiting.shift();
    if (nextInLine) nextInLine();
    else building--;
  }
}
