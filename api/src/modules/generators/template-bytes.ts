import type { BlobStore } from '../../ports/blob-store.js';

export interface TemplateBytesLimits {
  templates: number;
  bytes: number;
}

/**
 * The API thread's copy of recently used templates' bytes, by blob id, so that a sandbox
 * worker that does not keep a template yet (the second worker, or one that replaced a worker
 * killed for its time or heap) gets it without a read of the BlobStore (disk or S3). Bounded
 * in templates and in bytes, least recently used out first; concurrent reads of one template
 * share one BlobStore read. Keeping bytes by blob id is safe because a blob's bytes never
 * change under its id (ports/blob-store.ts): a replaced template is a new blob id.
 */
export class TemplateBytes {
  private readonly kept = new Map<string, Buffer>();
  private keptBytes = 0;
  private readonly reading = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly blobs: BlobStore,
    private readonly limits: TemplateBytesLimits = { templates: 16, bytes: 8 * 1024 * 1024 },
  ) {}

  get(id: string): Promise<Buffer> {
    const hit = this.kept.get(id);
    if (hit) {
      this.kept.delete(id);
      this.kept.set(id, hit);
      return Promise.resolve(hit);
    }
    let pending = this.reading.get(id);
    if (!pending) {
      pending = this.blobs
        .get(id)
        .then((bytes) => {
          this.keep(id, bytes);
          return bytes;
        })
        .finally(() => this.reading.delete(id));
      this.reading.set(id, pending);
    }
    return pending;
  }

  /** What is kept now: templates and their bytes. */
  size(): { templates: number; bytes: number } {
    return { templates: this.kept.size, bytes: this.keptBytes };
  }

  private keep(id: string, bytes: Buffer): void {
    if (bytes.length > this.limits.bytes || this.limits.templates < 1 || this.kept.has(id)) return;
    while (this.kept.size >= this.limits.templates || this.keptBytes + bytes.length > this.limits.bytes) {
      const [oldest, old] = this.kept.entries().next().value!;
      this.kept.delete(oldest);
      this.keptBytes -= old.length;
    }
    this.kept.set(id, bytes);
    this.keptBytes += bytes.length;
  }
}
