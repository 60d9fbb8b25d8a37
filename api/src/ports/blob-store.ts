import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createReadStream, createWriteStream, existsSync, writeFile } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { writing } from './blob-unavailable.js';

// The callback form: fs/promises' writeFile builds a FileHandle per call, which showed in the
// profile of auto-generated purchases (one file written per sale).
const writeFileOnce = promisify(writeFile);

/**
 * A blob is referenced by a committed database row right after `put`, so it must survive a
 * power loss as the row does: its bytes are flushed before the rename, and the folder after it
 * (a rename lives in the folder's entry).
 */
async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** One stored blob, as `list()` reports it. */
export interface BlobInfo {
  id: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where file bytes live: the local disk (one instance) or an S3-compatible bucket (several
 * instances share it; see s3-blob-store.ts). Files are stored under generated UUIDs, never
 * under a name a user chose, so no upload can reach a path outside the store. A missing blob
 * is an error whose `code` is 'ENOENT' in both stores.
 *
 * A blob's bytes never change under its id: `put` always stores under a new random UUID,
 * nothing writes into an existing blob (a replaced file is a new blob and the old one is
 * removed), and `putStream` is only the restore script bringing back the very bytes a backup
 * recorded under that id (checked against its SHA-256; ids are random UUIDs, so no two
 * contents ever share one). So a blob's bytes may be kept in memory by its id without ever
 * being refreshed (generators/template-bytes.ts, the sandbox's workers).
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Stores bytes and returns the new blob's id. */
  put(bytes: Buffer): Promise<string>;
  /** Stores a stream of `size` bytes under a given id (restore brings blobs back under their ids). */
  putStream(id: string, body: Readable, size: number): Promise<void>;
  get(id: string): Promise<Buffer>;
  /** The blob's bytes as a stream, never held whole in memory, and its size for Content-Length. */
  stream(id: string): Promise<{ stream: Readable; size: number }>;
  remove(id: string): Promise<void>;
  /** Every stored blob, in no particular order. */
  list(): AsyncIterable<BlobInfo>;
}

export const BLOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isMissingBlob(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'ENOENT';
}

export class LocalBlobStore implements BlobStore {
  readonly kind = 'local';
  /** Fan-out directories known to exist: a put then costs a write and a rename, not a mkdir too. */
  private readonly made = new Set<string>();
  constructor(private readonly root: string) {}

  private async dirOf(file: string): Promise<void> {
    const dir = path.dirname(file);
    if (this.made.has(dir)) return;
    await mkdir(dir, { recursive: true }).catch(async (err: unknown) => {
      // Node's recursive mkdir reports a read-only file system as ENOENT; a plain mkdir of the
      // one missing level (the store's root exists) tells the real cause, EROFS.
      if (!isMissingBlob(err)) throw err;
      await mkdir(dir).catch((plain: { code?: string }) => {
        if (plain.code !== 'EEXIST') throw plain.code === 'ENOENT' ? err : plain;
      });
    });
    this.made.add(dir);
  }

  private pathOf(id: string): string {
    if (!BLOB_ID.test(id)) throw new Error(`not a blob id: ${id}`);
    // Two levels of fan-out keep directories small.
    return path.join(this.root, id.slice(0, 2), id);
  }

  /**
   * Fails with `BlobStoreUnavailable` when the disk cannot take the bytes (full, read-only, a
   * quota), leaving nothing behind: a half-written temporary file is removed.
   */
  put(bytes: Buffer): Promise<string> {
    return writing(async () => {
      const id = randomUUID();
      const file = this.pathOf(id);
      await this.dirOf(file);
      // Write then rename: a crash never leaves a half-written blob under a real id.
      const tmp = `${file}.tmp`;
      try {
        await writeFileOnce(tmp, bytes, { flush: true }).catch(async (err: unknown) => {
          // The directory went away under us (removed by hand): make it again, once.
          if (!isMissingBlob(err)) throw err;
          this.made.delete(path.dirname(file));
          await this.dirOf(file);
          await writeFileOnce(tmp, bytes, { flush: true });
        });
        await rename(tmp, file);
        await syncFolder(path.dirname(file));
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => undefined);
        throw err;
      }
      return id;
    });
  }

  putStream(id: string, body: Readable, size: number): Promise<void> {
    return writing(async () => {
      const file = this.pathOf(id);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.tmp`;
      try {
        await pipeline(body, createWriteStream(tmp, { flush: true }));
        const written = (await stat(tmp)).size;
        if (written !== size) throw new Error(`blob ${id}: expected ${size} bytes, got ${written}`);
        await rename(tmp, file);
        await syncFolder(path.dirname(file));
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => undefined);
        throw err;
      }
    });
  }

  get(id: string): Promise<Buffer> {
    return readFile(this.pathOf(id));
  }

  async stream(id: string) {
    const file = this.pathOf(id);
    const { size } = await stat(file);
    return { stream: createReadStream(file), size };
  }

  async remove(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }

  async *list(): AsyncIterable<BlobInfo> {
    if (!existsSync(this.root)) return;
    for (const dir of await readdir(this.root, { withFileTypes: true })) {
      if (!dir.isDirectory()) continue;
      // Half-written `.tmp` files are not blobs: they are never listed, backed up or referenced.
      for (const name of await readdir(path.join(this.root, dir.name))) {
        if (!BLOB_ID.test(name)) continue;
        const s = await stat(path.join(this.root, dir.name, name)).catch(() => undefined);
        if (s?.isFile()) yield { id: name, size: s.size, modifiedAt: s.mtime };
      }
    }
  }
}
