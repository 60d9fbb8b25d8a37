import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { TEMPLATE_MAX_TAGS, TEMPLATE_MAX_UNPACKED_BYTES } from '@zalik/contract';
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
  /** A template whose parts unpack to more is refused (TEMPLATE_MAX_UNPACKED_BYTES by default). */
  maxUnpackedBytes?: number;
}

/** A placeholder of a compiled template, as the worker reports it. */
export interface TemplatePart {
  value: string;
  raw: string;
  /** `loop` for `{#…}`; another module (e.g. `rawxml` for `{@…}`) is refused by the check. */
  module: string | null;
  inner: TemplatePart[];
}

/** What `inspect` finds: the placeholders, or docxtemplater's explanations of what is wrong. */
export type TemplateInspection = { parts: TemplatePart[] } | { templateError: { why: string[]; more: number } };

type Reason = 'timeout' | 'too-large' | 'unpacked-too-large' | 'not-docx' | 'too-many-tags' | 'failed';

interface Reply {
  id: number;
  bytes?: Uint8Array;
  parts?: TemplatePart[];
  templateError?: { why: string[]; more: number };
  reason?: Reason;
  error?: string;
}

/** Why a render failed; the generator turns every kind into a message for the student. */
export class SandboxError extends Error {
  constructor(
    readonly reason: Reason,
    detail: string,
  ) {
    super(detail);
  }
}

interface Job {
  id: number;
  kind: 'render' | 'inspect';
  template: Buffer;
  data?: unknown;
  resolve(reply: Reply): void;
  reject(err: SandboxError): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/**
 * Templates are untrusted, and unzipping and docxtemplater are synchronous: opening one in
 * the request's own thread could not be stopped and would stall every other request. Here
 * each job (checking an upload, rendering a purchase) runs in a worker thread with a heap
 * limit, a deadline and a cap on unpacked bytes; a worker that overruns is terminated and
 * replaced, and the API thread never blocks. Workers are reused (starting one costs ~50 ms)
 * and do not keep the process alive while idle.
 */
export class Sandbox {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly opts: SandboxOptions) {}

  /** Fills a template; refuses with the SandboxError's reason. */
  async render(template: Buffer, data: unknown): Promise<Buffer> {
    const reply = await this.run('render', template, data);
    if (!reply.bytes) throw new SandboxError('failed', 'no document');
    return Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength);
  }

  /** Compiles a template without rendering it and answers its placeholders. */
  async inspect(template: Buffer): Promise<TemplateInspection> {
    const reply = await this.run('inspect', template);
    if (reply.templateError) return { templateError: reply.templateError };
    return { parts: reply.parts ?? [] };
  }

  private run(kind: Job['kind'], template: Buffer, data?: unknown): Promise<Reply> {
    if (this.closed) return Promise.reject(new SandboxError('failed', 'sandbox closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, kind, template, data, resolve, reject });
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
      workerData: {
        ...MODULES,
        maxOutputBytes: this.opts.maxOutputBytes,
        maxUnpackedBytes: this.opts.maxUnpackedBytes ?? TEMPLATE_MAX_UNPACKED_BYTES,
        maxTags: TEMPLATE_MAX_TAGS,
      },
      resourceLimits: { maxOldGenerationSizeMb: this.opts.maxHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', (msg: Reply) => {
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      this.finish(slot);
      if (msg.reason) job.reject(new SandboxError(msg.reason, msg.error ?? msg.reason));
      else job.resolve(msg);
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
      job.reject(new SandboxError('timeout', `${job.kind} took longer than ${this.opts.timeoutMs} ms`));
      void this.kill(slot, 'timeout');
      this.pump();
    }, this.opts.timeoutMs);
    slot.worker.postMessage({ id: job.id, kind: job.kind, template: job.template, data: job.data });
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
