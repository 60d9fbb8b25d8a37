/**
 * The file store cannot take bytes right now (a full or read-only disk, a quota, a bucket that
 * does not answer or refuses us): the request was fine and the same request later, or on
 * another instance, may succeed. The API answers 503 with Retry-After and `/readyz` fails,
 * instead of a 500 that blames nobody.
 */
export class BlobStoreUnavailable extends Error {
  readonly code = 'EBLOBSTOREUNAVAILABLE';
  constructor(readonly reason: string, options: { cause: unknown }) {
    super(`the file store is unavailable: ${reason}`, options);
  }
}

/**
 * Local disk: out of space or inodes, a quota, a read-only or failing file system, too many
 * open files. EACCES and EPERM too: the data folder's permissions changed under the running
 * process, which is the operator's to fix, and meanwhile no upload on this instance can succeed.
 */
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EACCES', 'EPERM', 'EMFILE', 'ENFILE']);
/** The bucket's server could not be reached or gave up on us. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/** S3 error codes that say the bucket, not the request, is the problem (space, quota, keys, throttling). */
const S3_CODES = new Set(['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'NoSuchBucket', 'QuotaExceeded', 'XMinioStorageFull', 'SlowDown', 'ServiceUnavailable', 'InternalError']);

/** Why `err` means the store is unavailable, or undefined when it means something else. */
export function storeUnavailableReason(err: unknown): string | undefined {
  const e = err as { code?: unknown; status?: unknown } | null;
  if (!e || typeof e !== 'object') return undefined;
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code && (DISK_CODES.has(code) || NETWORK_CODES.has(code) || S3_CODES.has(code))) return code;
  // An S3 answer: any 5xx (507 is MinIO's full disk), or 403 (keys revoked, bucket policy).
  if (typeof e.status === 'number' && (e.status >= 500 || e.status === 403)) return `HTTP ${e.status}`;
  return undefined;
}

/** Runs a write of the store, turning an error that means "unavailable" into `BlobStoreUnavailable`. */
export async function writing<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const reason = storeUnavailableReason(err);
    throw reason ? new BlobStoreUnavailable(reason, { cause: err }) : err;
  }
}
