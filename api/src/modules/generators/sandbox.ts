import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { WORKER_SOURCE } from './sandbox-worker.js';

const require = createRequire(import.meta.url);
const MODULES = { pizzip: require.resolve('pizzip'), docxtemplater: require.resolve('docxtemplater') };

export interface SandboxOptions {
  /** Worker threads kept for rendering (each renders one document at a time). */
  size: number;
  /** A render that takes longer is killed with its worker. */
  timeoutMs: number;
  /** A larger result is refused. */
  maxOutputBytes: number;
  /** Heap of one worker; running out kills only that worker. */
  maxHeapMb: number;
}

/** Why a render failed; the generator turns every kind into a message for the student. */
export class SandboxError extends Error {
  constructor(
    readonly reason: 'timeout' | 'too-large' | 'failed',
    detail: string,
  ) {
    super(detail);
  }
}

interface Job {
  id: number;
  template: Buffer;
  data: unknown;
  resolve(bytes: Buffer): void;
  reject(err: SandboxError): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/**
 * Templates are untrusted, and docxtemplater is synchronous: rendering in the request's own
 * thread could not be stopped. Here each render runs in a worker thread with a heap limit
 * and a deadline; a worker that overruns is terminated and replaced, and the API thread
 * never blocks. Workers are reused (starting one costs ~50 ms) and do not keep the process
 * alive while idle.
 */
export class Sandbox {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly opts: SandboxOptions) {}

  render(template: Buffer, data: unknown): Promise<Buffer> {
    if (this.closed) return Promise.reject(new SandboxError('failed', 'sandbox closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, template, data, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new SandboxError('failed', 'sandbox closed'));
    await Promise.all(this.slots.splice(0).map((s) => this.kill(s, 'sandbox closed')));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.opts.size) slot = this.spawn();
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: MODULES,
      resourceLimits: { maxOldGenerationSizeMb: this.opts.maxHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', (msg: { id: number; bytes?: Uint8Array; error?: string }) => {
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      this.finish(slot);
      if (msg.bytes) job.resolve(Buffer.from(msg.bytes.buffer, msg.bytes.byteOffset, msg.bytes.byteLength));
      else if (msg.error === 'too-large') job.reject(new SandboxError('too-large', 'result too large'));
      else job.reject(new SandboxError('failed', msg.error ?? 'render failed'));
      this.pump();
    });
    // Out of memory, or a crash: fail the job in hand and replace the worker.
    const lost = (why: string) => {
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      this.slots.splice(i, 1);
      const job = slot.job;
      this.finish(slot);
      job?.reject(new SandboxError('failed', why));
      this.pump();
    };
    worker.on('error', (err) => lost(err.message));
    worker.on('exit', (code) => lost(`worker exited with ${code}`));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      this.finish(slot);
      job.reject(new SandboxError('timeout', `render took longer than ${this.opts.timeoutMs} ms`));
      void this.kill(slot, 'timeout');
      this.pump();
    }, this.opts.timeoutMs);
    slot.worker.postMessage({ id: job.id, template: job.template, data: job.data, maxBytes: this.opts.maxOutputBytes });
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
  }

  private async kill(slot: Slot, why: string): Promise<void> {
    slot.job?.reject(new SandboxError('failed', why));
    this.finish(slot);
    slot.worker.removeAllListeners('exit');
    await slot.worker.terminate().catch(() => undefined);
  }
}
