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
  /** Stored templates each worker keeps once checked (TEMPLATE_CACHE_TEMPLATES by default; 0 keeps none). */
  cacheTemplates?: number;
  /** Packed bytes of the templates each worker keeps (TEMPLATE_CACHE_BYTES by default). */
  cacheBytes?: number;
}

/** How many stored templates, and how many of their bytes, one worker keeps by default. */
export const TEMPLATE_CACHE_TEMPLATES = 64;
export const TEMPLATE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * A stored template: its blob id, and how to read its bytes when the worker chosen does not
 * keep it yet. A blob's bytes never change under its id (ports/blob-store.ts): a new upload is
 * a new blob, so keeping a template by its id can never render an outdated one.
 */
export interface StoredTemplate {
  id: string;
  bytes(): Promise<Buffer>;
}

/** What the sandbox did, for tests and the curious: stored templates whose bytes went to a worker, and renders of a kept one. */
export interface SandboxStats {
  templatesSent: number;
  keptRenders: number;
}

/** A placeholder of a compiled template, as the worker reports it. */
export interface TemplatePart {
  value: string;
  raw: string;
  /** `loop` for `{#…}`; another module (e.g. `rawxml` for `{@…}`) is refused by the check. */
  module: string | null;
  inner: TemplatePart[];
}

/** Where in the document a problem is: the paragraph (from 1) of its part, its text, and the offset within that text. */
export interface TemplatePlace {
  paragraph: number;
  text: string;
  at: number;
}

/** One thing docxtemplater found wrong, from its error's `properties`. */
export interface TemplateProblem {
  /** docxtemplater's error id: `unclosed_tag`, `unopened_loop`... */
  id: string;
  /** The tag as docxtemplater cut it out (`xtag`). */
  tag: string | null;
  /** A loop's opening and closing tag names, where the error pairs two. */
  opening: string | null;
  closing: string | null;
  /** The document's part: `word/document.xml`, `word/header1.xml`... */
  file: string | null;
  place: TemplatePlace | null;
  /** docxtemplater's English explanation: only a fallback, never shown as is. */
  explanation: string;
}

export interface TemplateErrors {
  problems: TemplateProblem[];
  /** How many more it found. */
  more: number;
}

/** What `inspect` finds: the placeholders, or what docxtemplater found wrong. */
export type TemplateInspection = { parts: TemplatePart[] } | { templateError: TemplateErrors };

type Reason = 'timeout' | 'too-large' | 'unpacked-too-large' | 'not-docx' | 'too-many-tags' | 'failed';

interface Reply {
  id: number;
  /** The blob ids the worker keeps after this job. */
  held?: string[];
  bytes?: Uint8Array;
  parts?: TemplatePart[];
  templateError?: TemplateErrors;
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
  /** A one-off template's bytes; a stored one's are read only for a worker that does not keep it. */
  template: Buffer | StoredTemplate;
  data?: unknown;
  resolve(reply: Reply): void;
  reject(err: unknown): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** The blob ids this worker keeps, as its last reply listed them (it changes them only while on a job). */
  held: Set<string>;
}

const keyOf = (job: Job): string | undefined => (Buffer.isBuffer(job.template) ? undefined : job.template.id);

/**
 * Templates are untrusted, and unzipping and docxtemplater are synchronous: opening one in
 * the request's own thread could not be stopped and would stall every other request. Here
 * each job (checking an upload, rendering a purchase) runs in a worker thread with a heap
 * limit, a deadline and a cap on unpacked bytes; a worker that overruns is terminated and
 * replaced, and the API thread never blocks. Workers are reused (starting one costs ~50 ms)
 * and do not keep the process alive while idle.
 *
 * A stored template (`StoredTemplate`, by blob id) is checked once per worker: the worker
 * keeps it (sandbox-worker.ts), says so in each reply, and from then on gets only its id. So a
 * purchase of a kept template reads nothing from the BlobStore, copies nothing to the worker
 * and skips the unpacking check; a worker killed for its time or heap takes its templates with
 * it, and its replacement is sent them again.
 */
export class Sandbox {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  readonly stats: SandboxStats = { templatesSent: 0, keptRenders: 0 };

  constructor(private readonly opts: SandboxOptions) {}

  /**
   * Fills a template; refuses with the SandboxError's reason (or the error reading a stored
   * template's bytes). A stored template goes preferably to an idle worker that keeps it.
   */
  async render(template: Buffer | StoredTemplate, data: unknown): Promise<Buffer> {
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

  /** The blob ids each worker keeps, one list per worker (least recently used first). */
  keptTemplates(): string[][] {
    return this.slots.map((s) => [...s.held]);
  }

  private run(kind: Job['kind'], template: Job['template'], data?: unknown): Promise<Reply> {
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
      const key = keyOf(this.queue[0]!);
      const idle = this.slots.filter((s) => !s.job);
      let slot = (key !== undefined ? idle.find((s) => s.held.has(key)) : undefined) ?? idle[0];
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
        cacheTemplates: this.opts.cacheTemplates ?? TEMPLATE_CACHE_TEMPLATES,
        cacheBytes: this.opts.cacheBytes ?? TEMPLATE_CACHE_BYTES,
      },
      resourceLimits: { maxOldGenerationSizeMb: this.opts.maxHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    const slot: Slot = { worker, job: null, timer: null, held: new Set() };
    worker.on('message', (msg: Reply) => {
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      slot.held = new Set(msg.held ?? []);
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
    const template = job.template;
    if (Buffer.isBuffer(template)) return this.post(slot, job, { template });
    if (slot.held.has(template.id)) {
      this.stats.keptRenders++;
      return this.post(slot, job, { key: template.id });
    }
    // The worker is reserved while the bytes are read; its deadline starts when it has them.
    template.bytes().then(
      (bytes) => {
        if (slot.job !== job) return; // closed meanwhile
        this.stats.templatesSent++;
        this.post(slot, job, { key: template.id, template: bytes });
      },
      (err: unknown) => {
        if (slot.job !== job) return;
        this.finish(slot);
        job.reject(err);
        this.pump();
      },
    );
  }

  private post(slot: Slot, job: Job, template: { key?: string; template?: Buffer }): void {
    slot.timer = setTimeout(() => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      this.finish(slot);
      job.reject(new SandboxError('timeout', `${job.kind} took longer than ${this.opts.timeoutMs} ms`));
      void this.kill(slot, 'timeout');
      this.pump();
    }, this.opts.timeoutMs);
    slot.worker.postMessage({ id: job.id, kind: job.kind, ...template, data: job.data });
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
