import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { MSG, type ThreadStreamEvent } from '@zalik/contract';
import { notFound } from '../../lib/errors.js';
import type { ThreadHub } from './hub.js';
import { linesSince, markViewing, stopViewing } from './queries.js';
import { roleOf, toThreadMessage } from './rows.js';
import type { ThreadsDeps } from './service.js';
import type { Viewer } from './rows.js';

/** A comment line every so often keeps proxies from closing a quiet stream, and renews the viewer's presence. */
const PING_MS = 20_000;
/** A presence outlives its last renewal by this much: a stream of a dead instance stops counting soon. */
const PRESENCE_SECONDS = 60;

const sse = (e: ThreadStreamEvent) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`;

export type StreamDeps = Pick<ThreadsDeps, 'db' | 'links'> & { threadHub: ThreadHub };

/**
 * A thread's live stream (server-sent events): first the lines after `after` (none when it is
 * not given: only what comes next), then, for `wait` seconds, each new or hidden line and each
 * read mark of the other side as the database's change feed announces them. A refusal answers
 * JSON before any event. While it is open, the buyer or developer watching gets no bot notice
 * about this thread (their presence is a row, so every instance's notice job sees it).
 */
export async function openStream(
  deps: StreamDeps,
  viewer: Viewer,
  orderId: number,
  q: { after: number | null; wait: number },
  reply: FastifyReply,
  log: FastifyBaseLogger,
): Promise<FastifyReply> {
  const first = await linesSince(deps.db, orderId, viewer, q.after ?? Number.MAX_SAFE_INTEGER);
  if (!first) throw notFound(MSG.threadNotFound);
  const order = first.order;
  const parties = new Set([Number(order.buyer_id), Number(order.developer_id)]);
  const out = new PassThrough();
  reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-cache').header('x-accel-buffering', 'no');
  void reply.send(out);
  // Node holds the headers back until the first bytes: a quiet thread would leave the client waiting for them.
  out.write(': open\n\n');

  let lastId = q.after ?? first.newest;
  const send = (e: ThreadStreamEvent) => {
    if (!out.destroyed && !out.writableEnded) out.write(sse(e));
  };
  const sendLines = (r: NonNullable<typeof first>) => {
    for (const l of r.lines) {
      send({ type: 'message', message: toThreadMessage(l, r.order, viewer, deps.links) });
      lastId = Math.max(lastId, Number(l.id));
    }
  };
  if (q.after !== null) sendLines(first);
  if (q.wait === 0) {
    out.end();
    return reply;
  }

  // Lines to send again besides the new ones: hidden since, or committed after a later one.
  const also = new Set<number>();
  let queue: Promise<void> = Promise.resolve();
  let closed = false;
  const pull = () => {
    queue = queue
      .then(async () => {
        if (closed) return;
        const ids = [...also];
        also.clear();
        const r = await linesSince(deps.db, orderId, viewer, lastId, ids);
        // No longer theirs to read (it cannot happen today, but a stream must never outlive access).
        if (!r) return end();
        sendLines(r);
      })
      .catch((err: unknown) => log.warn({ err, orderId }, 'thread stream could not read new lines; the client reads them on its next stream'));
  };

  const streamId = randomUUID();
  const watching = roleOf(order, viewer) !== 'SUPPORT';
  // Presence writes in order, so a stream that closes at once removes its row after it was written.
  let presence: Promise<void> = Promise.resolve();
  const inTurn = (write: () => Promise<void>, what: string) => {
    if (!watching) return;
    presence = presence.then(write).catch((err: unknown) => log.warn({ err, orderId }, what));
  };
  const present = () => {
    if (!closed) inTurn(() => markViewing(deps.db, streamId, orderId, viewer.telegramId, PRESENCE_SECONDS), 'thread presence not recorded');
  };
  const leave = deps.threadHub.join(orderId, {
    line: ({ line, hidden }) => {
      if (line !== undefined && line <= lastId) also.add(line);
      if (hidden !== undefined) also.add(hidden);
      pull();
    },
    read: (userId, upTo) => {
      if (userId !== viewer.telegramId && parties.has(userId)) send({ type: 'read', telegramId: String(userId), upTo: String(upTo) });
    },
    resync: pull,
    end: () => end(),
  });
  // Lines committed between the first read and joining the feed.
  pull();
  const ping = setInterval(() => {
    if (!out.destroyed) out.write(': ping\n\n');
    present();
  }, PING_MS);
  const stop = setTimeout(() => end(), q.wait * 1000);

  function end() {
    if (!out.writableEnded) out.end();
  }
  function cleanUp() {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    clearTimeout(stop);
    leave();
    inTurn(() => stopViewing(deps.db, streamId), 'thread presence not removed; it runs out by itself');
  }
  out.on('close', cleanUp);
  reply.raw.on('close', () => {
    cleanUp();
    if (!out.destroyed) out.destroy();
  });
  present();
  await presence;
  return reply;
}
