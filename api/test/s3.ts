/**
 * A real S3-speaking server for the tests: s3rver (pure JavaScript, from npm) in this process,
 * on a free port, storing into a temporary folder. The API talks to it over HTTP exactly as it
 * would to AWS S3 or MinIO.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3Server {
  /** The BLOB_STORE=s3 variables that point an API at this server's bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3(bucket = 'zalik-test'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'zalik-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as { port: number };
  return {
    env: {
      BLOB_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      // s3rver's built-in account.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
