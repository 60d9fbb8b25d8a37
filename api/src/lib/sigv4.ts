import { createHash, createHmac } from 'node:crypto';

/** The hash S3 expects for a body it should not check (a stream whose hash is not known up front). */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
export const EMPTY_SHA256 = createHash('sha256').digest('hex');

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (names in any case). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body, or UNSIGNED_PAYLOAD. */
  payloadHash: string;
  date?: Date;
  service?: string;
}

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
export function uriEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * AWS Signature Version 4 for one request, header form. Returns the headers to send
 * (the given ones plus x-amz-date, x-amz-content-sha256 and authorization). S3 signs the
 * path as sent (no double encoding), so `url.pathname` must already be encoded.
 */
export function signV4(creds: Credentials, input: SignInput): Record<string, string> {
  const service = input.service ?? 's3';
  const amzDate = (input.date ?? new Date()).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...input.headers,
    host: input.url.host,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': input.payloadHash,
  };
  const canonical = Object.entries(headers)
    .map(([k, v]) => [k.toLowerCase(), String(v).trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = canonical.map(([k]) => k).join(';');
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const request = [
    input.method,
    input.url.pathname || '/',
    query,
    canonical.map(([k, v]) => `${k}:${v}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(request).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (k !== 'host') out[k] = v;
  out.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return out;
}
