import { createHash, randomUUID } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { BLOB_ID, type BlobInfo, type BlobStore } from './blob-store.js';
import { writing } from './blob-unavailable.js';
import { EMPTY_SHA256, UNSIGNED_PAYLOAD, signV4, uriEncode, type Credentials } from '../lib/sigv4.js';

export interface S3Options extends Credentials {
  /** Base URL of the S3 API, e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
}

/** Objects live under this prefix, so the bucket may hold other things too. */
const PREFIX = 'blobs/';
/** How long a request may sit without a byte moving before it fails. */
const IDLE_TIMEOUT_MS = 30_000;

class S3Error extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The first `max` bytes of an error answer (S3 explains errors in a small XML body). */
async function readSmall(res: IncomingMessage, max = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of res as AsyncIterable<Buffer>) {
    if (n < max) chunks.push(c);
    n += c.length;
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, max);
}

const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, s3rver in tests), addressed path-style
 * (`endpoint/bucket/key`), which every such server accepts. Requests are signed with SigV4
 * (lib/sigv4.ts) and sent with node:http, so bodies stream both ways: a download is piped
 * from the bucket to the client and never held whole in memory.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  private readonly base: URL;
  private readonly agent: http.Agent;

  constructor(private readonly opts: S3Options) {
    this.base = new URL(opts.endpoint.replace(/\/+$/, '') + '/');
    const Agent = this.base.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets: 64 });
  }

  private url(key: string | undefined, query: Record<string, string> = {}): URL {
    const path = `${uriEncode(this.opts.bucket)}${key === undefined ? '' : '/' + key.split('/').map(uriEncode).join('/')}`;
    const url = new URL(path, this.base);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return url;
  }

  private keyOf(id: string): string {
    if (!BLOB_ID.test(id)) throw new Error(`not a blob id: ${id}`);
    return PREFIX + id;
  }

  /**
   * Sends one signed request; resolves with the answer when its status is 2xx, else fails with
   * S3's error code. A kept-alive socket the server closed just as we reused it fails at once
   * with no answer; such a request is sent again once on a new socket (a stream body cannot
   * be replayed, so streams always go on a socket of their own).
   */
  private async request(method: string, url: URL, body?: { data: Buffer } | { stream: Readable; size: number }): Promise<IncomingMessage> {
    try {
      return await this.send(method, url, body);
    } catch (err) {
      if (!(err as { reusedSocket?: boolean }).reusedSocket) throw err;
      return this.send(method, url, body);
    }
  }

  private send(method: string, url: URL, body?: { data: Buffer } | { stream: Readable; size: number }): Promise<IncomingMessage> {
    const streamed = Boolean(body && 'stream' in body);
    const payloadHash = !body ? EMPTY_SHA256 : 'data' in body ? createHash('sha256').update(body.data).digest('hex') : UNSIGNED_PAYLOAD;
    const size = !body ? 0 : 'data' in body ? body.data.length : body.size;
    const headers = signV4(this.opts, {
      method,
      url,
      payloadHash,
      headers: method === 'PUT' ? { 'content-length': String(size) } : {},
    });
    const lib = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = lib.request(url, { method, headers, agent: streamed ? false : this.agent, timeout: IDLE_TIMEOUT_MS }, (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) return resolve(res);
        readSmall(res).then(
          (text) => {
            const code = status === 404 ? 'ENOENT' : (tag(text, 'Code') ?? `HTTP${status}`);
            reject(new S3Error(`S3 ${method} ${url.pathname}: ${status} ${tag(text, 'Code') ?? ''} ${tag(text, 'Message') ?? ''}`.trim(), status, code));
          },
          reject,
        );
      });
      req.on('timeout', () =>
        req.destroy(Object.assign(new Error(`S3 ${method} ${url.pathname}: no answer within ${IDLE_TIMEOUT_MS} ms`), { code: 'ETIMEDOUT' })),
      );
      req.on('error', (err) => {
        const code = (err as { code?: string }).code;
        if (req.reusedSocket && !streamed && (code === 'ECONNRESET' || code === 'EPIPE')) Object.assign(err, { reusedSocket: true });
        reject(err);
      });
      if (!body) req.end();
      else if ('data' in body) req.end(body.data);
      else {
        body.stream.on('error', (e) => req.destroy(e));
        body.stream.pipe(req);
      }
    });
  }

  /** Fails with `BlobStoreUnavailable` when the bucket cannot take the bytes (unreachable, full, throttling, keys refused). */
  put(bytes: Buffer): Promise<string> {
    return writing(async () => {
      const id = randomUUID();
      (await this.request('PUT', this.url(this.keyOf(id)), { data: bytes })).resume();
      return id;
    });
  }

  putStream(id: string, stream: Readable, size: number): Promise<void> {
    return writing(async () => {
      (await this.request('PUT', this.url(this.keyOf(id)), { stream, size })).resume();
    });
  }

  async get(id: string): Promise<Buffer> {
    const res = await this.request('GET', this.url(this.keyOf(id)));
    const chunks: Buffer[] = [];
    for await (const c of res as AsyncIterable<Buffer>) chunks.push(c);
    return Buffer.concat(chunks);
  }

  async stream(id: string): Promise<{ stream: Readable; size: number }> {
    const res = await this.request('GET', this.url(this.keyOf(id)));
    const size = Number(res.headers['content-length']);
    if (!Number.isSafeInteger(size)) {
      res.destroy();
      throw new Error(`S3 GET ${id}: no Content-Length`);
    }
    // The idle timeout stays armed: a bucket that stops sending fails the download instead of hanging it.
    return { stream: res, size };
  }

  async remove(id: string): Promise<void> {
    try {
      (await this.request('DELETE', this.url(this.keyOf(id)))).resume();
    } catch (e) {
      if ((e as S3Error).code !== 'ENOENT') throw e;
    }
  }

  async *list(): AsyncIterable<BlobInfo> {
    let token: string | undefined;
    do {
      const query: Record<string, string> = { 'list-type': '2', prefix: PREFIX, 'max-keys': '1000' };
      if (token) query['continuation-token'] = token;
      const xml = await readSmall(await this.request('GET', this.url(undefined, query)), 16 * 1024 * 1024);
      for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const id = unescapeXml(tag(m[1]!, 'Key') ?? '').slice(PREFIX.length);
        if (!BLOB_ID.test(id)) continue;
        yield { id, size: Number(tag(m[1]!, 'Size') ?? 0), modifiedAt: new Date(tag(m[1]!, 'LastModified') ?? 0) };
      }
      token = tag(xml, 'IsTruncated') === 'true' ? unescapeXml(tag(xml, 'NextContinuationToken') ?? '') || undefined : undefined;
    } while (token);
  }

  /** Fails with S3's own error when the bucket cannot be reached, does not exist or refuses the keys. */
  async check(): Promise<void> {
    (await this.request('HEAD', this.url(undefined))).resume();
  }
}
