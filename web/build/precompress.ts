import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gz = promisify(gzip);
const br = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|map)$/;
/** Below this, compression costs more than it saves (headers, CPU on both ends). */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes `.gz` and `.br` next to every text asset of the build, once, at build time, so the
 * API serves them pre-compressed (@fastify/static `preCompressed`) with no CPU per request:
 * on a mobile network the bytes, not the server, decide how fast the first screen appears.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'zalik-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const bytes = await readFile(file);
        if (bytes.length < MIN_BYTES) continue;
        const [g, b] = await Promise.all([
          gz(bytes, { level: 9 }),
          br(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        ]);
        await Promise.all([writeFile(`${file}.gz`, g), writeFile(`${file}.br`, b)]);
      }
    },
  };
}
