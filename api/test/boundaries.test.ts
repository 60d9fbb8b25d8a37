import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The API's layers as `npm run lint` checks them (docs/ARCHITECTURE.md, "Layers of the API"):
// each fixture is linted as if it sat at its `// as:` path, against the real table of eslint.config.js.

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/boundaries', import.meta.url));
// Plain JavaScript of the workspace root, imported by path (no types to check).
const load = (file: string) => import(pathToFileURL(path.join(root, file)).href);

async function linter(api: unknown): Promise<ESLint> {
  const zalik = (await load('scripts/eslint-boundaries.js')).default;
  return new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { zalik },
        rules: { 'zalik/boundaries': ['error', { api }] },
      },
    ],
  });
}

function fixture(name: string) {
  const text = readFileSync(path.join(fixtures, name), 'utf8');
  const as = /^\/\/ as: (.+)$/m.exec(text)![1]!;
  const expected = /^\/\/ expect: (.+)$/m.exec(text)![1]!;
  return { text, as, expected };
}

describe('the API boundaries rule', async () => {
  const { API_LAYERS } = await load('eslint.config.js');
  const eslint = await linter(API_LAYERS);

  for (const name of readdirSync(fixtures).sort()) {
    it(`reports ${name}`, async () => {
      const { text, as, expected } = fixture(name);
      const [result] = await eslint.lintText(text, { filePath: path.join(root, as) });
      const messages = result!.messages.map((m) => m.message);
      if (expected === 'nothing') expect(messages).toEqual([]);
      else expect(messages).toEqual([expect.stringContaining(expected)]);
    });
  }

  it('refuses a table with a loop between areas', async () => {
    const loop = { ...API_LAYERS, areas: { ...API_LAYERS.areas, ledger: ['orders'] } };
    const looping = await linter(loop);
    await expect(looping.lintText('export {};', { filePath: path.join(root, 'api/src/lib/x.ts') })).rejects.toThrow(/the areas' table has a loop: ledger -> orders/);
  });
});

describe('the folder loop check (scripts/check-cycles.mjs)', async () => {
  const { apiFolderOf, cycles, folderGraph, mutualPairs } = await load('scripts/check-cycles.mjs');
  const base = '/repo/api/src';
  const graph = (edges: [string, string][]) => {
    const g = new Map<string, Set<string>>();
    for (const [a, b] of edges) {
      for (const f of [a, b]) if (!g.has(`${base}/${f}`)) g.set(`${base}/${f}`, new Set());
      g.get(`${base}/${a}`)!.add(`${base}/${b}`);
    }
    return g;
  };
  const folders = (edges: [string, string][]) => folderGraph(graph(edges), (f: string) => apiFolderOf(f, base)).folders;

  it('finds a loop between folders that no file loop shows', () => {
    const f = folders([
      ['lib/a.ts', 'modules/users/index.ts'],
      ['modules/users/service.ts', 'lib/b.ts'],
    ]);
    expect(mutualPairs(f)).toEqual([['lib', 'modules/users']]);
    expect(cycles(f).map((scc: string[]) => scc.sort())).toEqual([['lib', 'modules/users']]);
  });

  it('finds a longer loop, and none in layers', () => {
    expect(cycles(folders([['db/a.ts', 'lib/a.ts'], ['lib/b.ts', 'config.ts'], ['config.ts', 'db/c.ts']]))).toHaveLength(1);
    expect(cycles(folders([['modules/orders/x.ts', 'modules/ledger/index.ts'], ['modules/ledger/y.ts', 'db/a.ts'], ['app.ts', 'modules/orders/index.ts']]))).toEqual([]);
  });
});
