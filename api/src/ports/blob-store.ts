import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createReadStream, type ReadStream } from 'node:fs';
import path from 'node:path';

/**
 * Where file bytes live. Files are stored under generated UUIDs, never under a name a user
 * chose, so no upload can reach a path outside the store. An S3-compatible store can replace
 * the local one when instances do not share a disk.
 */
export interface BlobStore {
  /** Stores bytes and returns the new blob's id. */
  put(bytes: Buffer): Promise<string>;
  get(id: string): Promise<Buffer>;
  stream(id: string): Promise<{ stream: ReadStream; size: number }>;
  remove(id: string): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(id: string): string {
    if (!UUID.test(id)) throw new Error(`not a blob id: ${id}`);
    // Two levels of fan-out keep directories small.
    return path.join(this.root, id.slice(0, 2), id);
  }

  async put(bytes: Buffer): Promise<string> {
    const id = randomUUID();
    const file = this.pathOf(id);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a crash never leaves a half-written blob under a real id.
    const tmp = `${file}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, file);
    return id;
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
}
