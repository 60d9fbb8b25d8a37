import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Answers a JSON array read batch by batch. The lists older clients ask for whole (every
 * user, a buyer's every order) were built, validated and serialized in one go: 20 000 users
 * held the event loop for half a second, and every other request with it. Here each batch is
 * serialized on its own turn, with the reads between them, so a long list costs others a few
 * milliseconds at a time. The first batch is read before the answer starts: a database that
 * cannot serve still gets its Ukrainian 503. A failure later can only cut the answer short,
 * which a client sees as a broken response, never as a shorter valid list.
 */
export async function sendJsonArray<T>(reply: FastifyReply, batches: AsyncIterable<readonly T[]>): Promise<FastifyReply> {
  const source = batches[Symbol.asyncIterator]();
  const first = await source.next();
  async function* chunks(): AsyncGenerator<string> {
    let next = first;
    let separator = '';
    yield '[';
    while (!next.done) {
      if (next.value.length > 0) {
        yield separator + next.value.map((item) => JSON.stringify(item)).join(',');
        separator = ',';
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
      next = await source.next();
    }
    yield ']';
  }
  return reply.type('application/json; charset=utf-8').send(Readable.from(chunks(), { objectMode: false }));
}
