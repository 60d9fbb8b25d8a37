import path from 'node:path';
import type { Config } from '../config.js';
import { LocalBlobStore, type BlobStore } from './blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

/** The configured file store; the server, backup and restore build it the same way. */
export function createBlobStore(config: Pick<Config, 'blobStore' | 'dataDir'>): BlobStore {
  const c = config.blobStore;
  return c.kind === 's3' ? new S3BlobStore(c) : new LocalBlobStore(path.join(config.dataDir, 'blobs'));
}
