/**
 * Builds the web app once per run into a temp folder; every test file then serves that build
 * from its own API process (see startServer in helpers.ts).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWeb } from '../build/build-web';
import { CHROMIUM } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    webDist: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium).`);
  }
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-web-e2e-'));
  // Vitest sets NODE_ENV=test, which would make Vite ship React's development build: test
  // what users get instead.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  // The client and the server's rendering of the first screen, as `npm run build -w web`.
  await buildWeb(outDir).finally(() => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  });
  project.provide('webDist', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
