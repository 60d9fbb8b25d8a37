#!/usr/bin/env node
// Fails on any import cycle among the workspace's TypeScript files, type-only imports included:
// a type that two modules share belongs in a module below both. It also fails on a loop between
// the API's folders (api/src/<folder>, each api/src/modules/<area>, each file at api/src's root):
// the folders form layers, so a loop means one of them reaches up. Run by `npm run lint`.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIRS = ['contract/src', 'api/src', 'api/test', 'api/bench', 'web/src', 'web/test', 'web/bench', 'web/scripts'];
const SKIP = new Set(['node_modules', 'dist']);

function* walk(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) yield full;
  }
}

/** The file a relative specifier names (`./x.js` is `./x.ts` or `./x.tsx` in source). */
function resolve(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

export function importGraph(dirs = DIRS.map((d) => path.join(root, d))) {
  const graph = new Map();
  for (const dir of dirs) {
    for (const file of walk(dir)) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = new Set();
      for (const { fileName } of importedFiles) {
        const target = resolve(file, fileName);
        if (target && /\.(ts|tsx|mts)$/.test(target)) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function cycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)?.has(v)) found.push(scc);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** One concrete loop through a component, for the message. */
function loopIn(graph, scc) {
  const members = new Set(scc);
  const start = scc[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v)) {
      if (w === start) {
        const loop = [start];
        for (let u = v; u !== start; u = prev.get(u)) loop.splice(1, 0, u);
        return [...loop, start];
      }
      if (members.has(w) && !prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return scc;
}

const API_SRC = path.join(root, 'api/src');

/** The folder a file of api/src belongs to: `modules/<area>` for an area, the file's own name at the root. */
export function apiFolderOf(file, base = API_SRC) {
  const parts = path.relative(base, file).split(path.sep);
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length === 1 ? parts[0].replace(/\.tsx?$/, '') : parts[0];
}

/** The folder graph of a file graph: folder -> folders it imports, with one file import behind each edge. */
export function folderGraph(graph, folderOf) {
  const folders = new Map();
  const why = new Map();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!folders.has(from)) folders.set(from, new Set());
    for (const target of targets) {
      const to = folderOf(target);
      if (to === from) continue;
      folders.get(from).add(to);
      if (!why.has(`${from}>${to}`)) why.set(`${from}>${to}`, [file, target]);
    }
  }
  return { folders, why };
}

/** Pairs of folders that import each other, directly. */
export function mutualPairs(folders) {
  const pairs = [];
  for (const [a, targets] of folders) for (const b of targets) if (a < b && folders.get(b)?.has(a)) pairs.push([a, b]);
  return pairs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = importGraph();
  const rel = (f) => path.relative(root, f);
  const found = cycles(graph);
  for (const scc of found) console.error(`import cycle (${scc.length} files): ${loopIn(graph, scc).map(rel).join(' -> ')}`);

  const apiGraph = new Map([...graph].filter(([file]) => file.startsWith(API_SRC + path.sep)));
  const { folders, why } = folderGraph(apiGraph, (f) => apiFolderOf(f));
  const pairs = mutualPairs(folders);
  const folderLoops = cycles(folders);
  for (const scc of folderLoops) {
    const loop = loopIn(folders, scc);
    const steps = loop.slice(1).map((to, i) => `  ${why.get(`${loop[i]}>${to}`).map(rel).join(' -> ')}`);
    console.error(`folder loop in api/src: ${loop.join(' -> ')}\n${steps.join('\n')}`);
  }
  if (process.argv.includes('--pairs')) for (const [a, b] of pairs) console.log(`mutual: ${a} <-> ${b}`);

  if (found.length || folderLoops.length) {
    if (found.length) console.error(`\n${found.length} import cycle(s): move the shared piece into a module below its users.`);
    if (folderLoops.length)
      console.error(`\n${folderLoops.length} folder loop(s) in api/src (${pairs.length} mutual pairs): move the shared piece down (docs/ARCHITECTURE.md, "Layers of the API").`);
    process.exit(1);
  }
  console.log(`no import cycles among ${graph.size} files; no folder loops among ${folders.size} folders of api/src (${pairs.length} mutual pairs)`);
}
