/**
 * Builds the web app once per run into a temp folder, and migrates one database as the run's
 * template; every test file then serves that build from its own API process on its own copy
 * of the template (see startServer in server.ts).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWeb } from '../build/build-web';
import { CHROMIUM } from './paths';
import { createDataTemplate, type DataTemplate } from './data-template';

declare module 'vitest' {
  export interface ProvidedContext {
    webDist: string;
    dataTemplate: DataTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
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
  const template = await createDataTemplate(process.env.DATABASE_URL);
  project.provide('dataTemplate', template.data);
  return async () => {
    rmSync(outDir, { recursive: true, force: true });
    await template.drop();
  };
}
