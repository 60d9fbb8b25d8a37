/**
 * `npm run check:bundle -w web`: the first screen's budget and the admin/developer split.
 *
 * Builds the app into web/dist (production, as `npm run build -w web`), recording which source
 * modules went into which chunk, then reads dist/index.html and dist/.vite/manifest.json:
 * - first screen = the scripts inline in index.html (the boot prefetch, app/early.ts) + every
 *   entry it loads + their static imports (transitively) + their CSS + whatever it links;
 *   gzipped total must stay <= BUDGET_KB (a student inside Telegram; the demo's emulation chunk
 *   and stylesheet, which only the demo preloads, are listed apart);
 * - no module of an admin or developer area may be in that graph, their route tables included
 *   (app/staffRoutes.tsx, patched in on demand), and each area must exist as on-demand chunks;
 * - no library that belongs in lazy chunks only (zod's schemas, lottie, a date library) may
 *   be in that graph either, nor the full path and query key tables (lib/paths.ts,
 *   api/queryKeys.ts: the first screen reads lib/basePaths.ts and api/baseKeys.ts);
 * - no chunk but the demo's header may import the demo's emulation chunk.
 * Exits 1 when any of it fails. `--no-build` checks an existing web/dist (chunk-level only).
 * `--why` builds into a temporary folder with source maps instead and also prints which packages
 * and modules the first screen's bytes come from (scripts/bundle-why.ts).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { printWhy } from './bundle-why';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const why = process.argv.includes('--why');
// --why: the maps must not land in web/dist (served as is), and 'hidden' adds no comment to the files.
const DIST = why ? mkdtempSync(path.join(os.tmpdir(), 'zalik-bundle-why-')) : path.join(WEB_ROOT, 'dist');
/** 137.8 KB measured on 2026-11-24 (docs/PERFORMANCE.md): about 5 KB of margin. */
const BUDGET_KB = 144;

/** Admin and developer code, their route tables (app/staffRoutes.tsx) included: loaded on demand only. */
const ON_DEMAND_AREAS: { name: string; pattern: RegExp }[] = [
  { name: 'staff routes (admin and developer route tables)', pattern: /src\/(app\/staffRoutes|screens\/[^/]+\/staffRoutes)\.tsx/ },
  { name: 'catalogue admin', pattern: /src\/screens\/catalogue-admin\// },
  { name: 'admin: users, FAQ, news', pattern: /src\/screens\/admin-users\// },
  { name: 'admin: discounts', pattern: /src\/screens\/admin-discounts\// },
  { name: 'admin: broadcasts', pattern: /src\/screens\/broadcasts\// },
  { name: 'developer panel', pattern: /src\/screens\/dev-panel\// },
  { name: 'wallet: admin top-ups and withdrawals', pattern: /src\/screens\/wallet\/admin\// },
  { name: 'wallet: developer withdraw', pattern: /src\/screens\/wallet\/withdraw\// },
  { name: 'wallet: top-up sheet', pattern: /src\/screens\/wallet\/topup\// },
  { name: "history: admin view of a user's orders", pattern: /src\/screens\/history\/Admin(HistoryScreen|OrderActions)/ },
  { name: 'history: disputes (admin)', pattern: /src\/screens\/history\/admin\// },
  {
    name: "subject card: admins' menu, dialog and delete",
    pattern: /src\/(ui\/(ContextMenu|ConfirmDialog)\.tsx|screens\/tasks\/(admin\/AdminActions|api\/deletes|subjects\/AdminSubjectCard))/,
  },
];

/** Libraries and tables the first screen must not carry (module ids, relative to web/). */
const NOT_IN_FIRST_SCREEN: { name: string; pattern: RegExp }[] = [
  { name: 'zod (contract schemas: only MSG and constants may reach the first screen)', pattern: /node_modules\/zod\// },
  { name: "lib/paths.ts (the admin panel's paths: the first screen's graph imports lib/basePaths.ts)", pattern: /src\/lib\/paths\.ts$/ },
  { name: "api/queryKeys.ts (every area's keys: the first screen's graph imports api/baseKeys.ts)", pattern: /src\/api\/queryKeys\.ts$/ },
  { name: 'lottie (animations load on demand)', pattern: /node_modules\/(lottie-web|lottie-react)\// },
  { name: 'a date library (lib/date.ts uses Intl)', pattern: /node_modules\/(date-fns|@date-fns)\// },
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const rel = (id: string) => path.relative(WEB_ROOT, id.split('?')[0]!).split(path.sep).join('/');

async function buildWithModuleMap(): Promise<Map<string, string[]>> {
  const modules = new Map<string, string[]>();
  const recorder: Plugin = {
    name: 'zalik-chunk-modules',
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) if (out.type === 'chunk') modules.set(out.fileName, out.moduleIds.map(rel));
    },
  };
  // Vitest or a shell may have NODE_ENV=test/development: measure what users get.
  process.env.NODE_ENV = 'production';
  await build({
    root: WEB_ROOT,
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    plugins: [recorder],
    build: why ? { outDir: DIST, sourcemap: 'hidden' } : {},
  });
  return modules;
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((_, i) => Math.max(head[i]!.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i > 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

const noBuild = process.argv.includes('--no-build');
const moduleMap = noBuild ? null : await buildWithModuleMap();
const manifestFile = path.join(DIST, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: build with build.manifest enabled (npm run build -w web)`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
const problems: string[] = [];

// The first screen's graph: every entry (index.html's app) and their static imports, transitively.
const entryKeys = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
if (entryKeys.length === 0) throw new Error('no entry chunk in the manifest');
const graph = new Set<string>();
const visit = (key: string) => {
  if (graph.has(key)) return;
  graph.add(key);
  for (const k of manifest[key]!.imports ?? []) visit(k);
};
entryKeys.forEach(visit);

const firstScreen = new Map<string, string>(); // file -> role
for (const key of entryKeys) firstScreen.set(manifest[key]!.file, `entry (${manifest[key]!.src ?? key})`);
for (const key of graph) {
  const c = manifest[key]!;
  if (!firstScreen.has(c.file)) firstScreen.set(c.file, 'static import');
  for (const css of c.css ?? []) firstScreen.set(css, 'CSS');
}
for (const m of html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)) {
  if (!firstScreen.has(m[1]!)) firstScreen.set(m[1]!, 'linked by index.html');
}
// The boot prefetch (app/early.ts), written into index.html by build/first-screen.ts.
const inlineScripts = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter(Boolean);
if (inlineScripts.length === 0) problems.push('index.html has no inline boot script (app/early.ts): the early requests would wait for a file');
// <meta name="zalik:demo-chunk">: the Telegram emulation and its stylesheet, preloaded by early.ts in demo mode only.
const demoFiles = html.match(/name="zalik:demo-chunk" content="([^"]+)"/)?.[1]?.split(' ').map((f) => f.replace(/^\//, '')) ?? [];

const sizes = (file: string) => {
  const bytes = readFileSync(path.join(DIST, file));
  return { raw: bytes.length, gzip: gzipSync(bytes).length };
};
const rows: string[][] = [];
let total = 0;
let totalRaw = 0;
for (const [file, role] of firstScreen) {
  const s = sizes(file);
  total += s.gzip;
  totalRaw += s.raw;
  rows.push([file, role, kb(s.raw), kb(s.gzip)]);
}
for (const code of inlineScripts) {
  const bytes = Buffer.from(code);
  const gzip = gzipSync(bytes).length;
  total += gzip;
  totalRaw += bytes.length;
  rows.push(['index.html <script>', 'inline (app/early.ts)', kb(bytes.length), kb(gzip)]);
}
rows.sort((a, b) => Number(b[3]) - Number(a[3]));
rows.push(['total', '', kb(totalRaw), kb(total)]);
console.log('First screen (main layout with the subject list): JS and CSS');
console.log(table(['file', 'loaded as', 'raw KB', 'gzip KB'], rows));
const withinBudget = total <= BUDGET_KB * 1024;
console.log(`budget ${BUDGET_KB} KB gzipped: ${kb(total)} KB, ${withinBudget ? 'OK' : 'EXCEEDED'}`);
if (demoFiles.length) console.log(`demo mode only (not counted): ${demoFiles.map((f) => `${f} ${kb(sizes(f).gzip)} KB`).join(', ')} gzipped`);
console.log('');

// The demo's emulation: imported by the demo's own header only. A chunk a student's screen shares
// with it (a contract module both use) would download the emulation with that screen.
const demoKey = Object.keys(manifest).find((k) => manifest[k]!.file === demoFiles[0]);
for (const [key, c] of Object.entries(manifest)) {
  if (demoKey && c.imports?.includes(demoKey) && c.src !== 'src/app/DemoBar.tsx') problems.push(`${c.src ?? key} imports the demo's emulation chunk (${demoFiles[0]})`);
}

// Admin and developer areas: on demand only.
const eagerFiles = new Set([...graph].map((k) => manifest[k]!.file));
for (const lib of NOT_IN_FIRST_SCREEN) {
  const hits = moduleMap
    ? [...moduleMap].filter(([file]) => eagerFiles.has(file)).flatMap(([, ids]) => ids.filter((id) => lib.pattern.test(id)))
    : [...graph].map((k) => manifest[k]!.src ?? '').filter((src) => lib.pattern.test(src));
  if (hits.length) problems.push(`${lib.name}: in the first screen's graph: ${hits.slice(0, 5).join(', ')}${hits.length > 5 ? ', ...' : ''}`);
}
const areaRows: string[][] = [];
for (const area of ON_DEMAND_AREAS) {
  const lazyChunks = new Set<string>();
  const eagerModules: string[] = [];
  if (moduleMap) {
    for (const [file, ids] of moduleMap) {
      const hits = ids.filter((id) => area.pattern.test(id));
      if (hits.length === 0) continue;
      if (eagerFiles.has(file)) eagerModules.push(...hits);
      else lazyChunks.add(file);
    }
  } else {
    for (const c of Object.values(manifest)) {
      if (!c.src || !area.pattern.test(c.src)) continue;
      if (eagerFiles.has(c.file)) eagerModules.push(c.src);
      else lazyChunks.add(c.file);
    }
  }
  const gzip = [...lazyChunks].reduce((sum, f) => sum + sizes(f).gzip, 0);
  if (eagerModules.length) problems.push(`${area.name}: in the first screen's graph: ${eagerModules.join(', ')}`);
  if (lazyChunks.size === 0) problems.push(`${area.name}: no on-demand chunk found (was the area moved?)`);
  areaRows.push([area.name, eagerModules.length ? 'IN FIRST SCREEN' : 'on demand', String(lazyChunks.size), kb(gzip)]);
}
console.log(`Admin and developer screens (${moduleMap ? 'module-level' : 'chunk-level, --no-build'} check)`);
console.log(table(['area', 'loaded', 'chunks', 'gzip KB'], areaRows));
for (const p of problems) console.error(`  ${p}`);
if (why) {
  console.log('');
  printWhy(DIST, [...firstScreen.keys()]);
  rmSync(DIST, { recursive: true, force: true });
}

if (!withinBudget || problems.length) process.exit(1);
console.log('\ncheck:bundle OK');
