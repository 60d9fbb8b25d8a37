import type { Database } from '../../db/client.js';
import type { Subscription } from '../../db/listen.js';

/** The channel the thread tables announce on (migration 0046): a new line, a hide, a read mark. */
export const THREAD_CHANNEL = 'order_threads';

/** What a live stream of one order hears. */
export interface ThreadListener {
  /** A line was written (`line`) or hidden (`hidden`). */
  line(change: { line?: number; hidden?: number }): void;
  /** `userId` has read the thread up to `upTo`. */
  read(userId: number, upTo: number): void;
  /** The feed was lost for a while: anything may have been missed, read again from the last line sent. */
  resync(): void;
  /** The instance is closing: end the stream (the client opens another, elsewhere). */
  end(): void;
}

interface Log {
  warn(obj: object, msg?: string): void;
}

/**
 * The live streams open on this instance, by order, fed by the database's change feed: every
 * instance hears every line, hide and read mark committed by any instance, so a stream needs
 * no polling and the API stays stateless (a stream is only a view of the database).
 */
export class ThreadHub {
  private readonly byOrder = new Map<number, Set<ThreadListener>>();
  private subscription: Subscription | null = null;
  private lostFeed = false;

  /** Starts listening (idempotent); the app calls it once its routes are ready. */
  start(database: Pick<Database, 'listen'>, log: Log): void {
    if (this.subscription) return;
    this.subscription = database.listen(THREAD_CHANNEL, {
      message: (payload) => this.dispatch(payload),
      ready: () => {
        if (!this.lostFeed) return;
        this.lostFeed = false;
        for (const set of this.byOrder.values()) for (const l of set) l.resync();
      },
      lost: (error) => {
        this.lostFeed = true;
        log.warn({ err: error }, 'thread feed lost; open streams read again once it is back');
      },
    });
  }

  /** Ends every open stream (before the server closes: an open stream would hold it) and stops listening. */
  async stop(): Promise<void> {
    this.endAll();
    const s = this.subscription;
    this.subscription = null;
    await s?.close();
  }

  endAll(): void {
    for (const set of [...this.byOrder.values()]) for (const l of [...set]) l.end();
    this.byOrder.clear();
  }

  /** Adds a stream of this order; the answer removes it. */
  join(orderId: number, listener: ThreadListener): () => void {
    let set = this.byOrder.get(orderId);
    if (!set) this.byOrder.set(orderId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byOrder.get(orderId) === set) this.byOrder.delete(orderId);
    };
  }

  /** Streams open on this instance (tests, metrics). */
  size(): number {
    let n = 0;
    for (const set of this.byOrder.values()) n += set.size;
    return n;
  }

  private dispatch(payload: string): void {
    let p: { o?: number; m?: number; h?: number; r?: number; u?: number };
    try {
      p = JSON.parse(payload) as typeof p;
    } catch {
      return;
    }
    const set = p.o === undefined ? undefined : this.byOrder.get(Number(p.o));
    if (!set) return;
    for (const l of set) {
      if (p.m !== undefined) l.line({ line: Number(p.m) });
      else if (p.h !== undefined) l.line({ hidden: Number(p.h) });
      else if (p.r !== undefined && p.u !== undefined) l.read(Number(p.r), Number(p.u));
    }
  }
}
