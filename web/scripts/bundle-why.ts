/**
 * `npm run check:bundle -w web -- --why`: where the first screen's gzipped bytes go, per source
 * module and per package, read from the build's source maps (check-bundle.ts builds into a
 * temporary folder with `sourcemap: 'hidden'`, so the measured files are byte for byte the
 * ones `npm run build` ships).
 *
 * Each byte of a minified chunk belongs to the source its mapping segment names. A module's
 * gzip figure is what the chunk's gzipped size loses without that module's bytes: gzip is not
 * additive (a module compresses against the rest), so the column does not sum to the chunk's
 * size, but it is what removing the module would save, which is the question.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...B64].map((c, i) => [c, i]));
/** build/first-screen.ts's compileHints writes this line after the source map was made. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const UNMAPPED = '(unmapped: bundler glue)';

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** The fields of one mapping segment (each a delta, as the source map format writes them). */
function segment(text: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of text) {
    const d = DIGIT.get(ch)!;
    value += (d & 31) << shift;
    if (d & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** Which source owns each character of `code` (an index into `sources`, -1 for none). */
function owners(code: string, map: SourceMap): Int32Array {
  const owner = new Int32Array(code.length).fill(-1);
  const lines = code.split('\n');
  const mapped = map.mappings.split(';');
  let src = 0;
  let offset = 0;
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    let col = 0;
    const marks: [number, number][] = [];
    for (const text of (mapped[li] ?? '').split(',')) {
      if (!text) continue;
      const s = segment(text);
      col += s[0]!;
      if (s.length >= 4) src += s[1]!;
      marks.push([col, s.length >= 4 ? src : -1]);
    }
    for (let i = 0; i < marks.length; i++) {
      const [from, who] = marks[i]!;
      const to = i + 1 < marks.length ? marks[i + 1]![0] : line.length;
      owner.fill(who, offset + from, offset + to);
    }
    offset += line.length + 1;
  }
  return owner;
}

/** `node_modules/<pkg>/...` -> the package; a file of ours -> its path from the repo root. */
function label(source: string): { module: string; pkg: string } {
  const norm = source.split(path.sep).join('/');
  const nm = norm.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const module = norm.slice(nm + 'node_modules/'.length);
    const parts = module.split('/');
    return { module, pkg: parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]! };
  }
  const module = norm.replace(/^(\.\.\/)+/, '').replace(/^.*?\/((web|contract)\/)/, '$1');
  const area = /^web\/src\/(screens\/[^/]+|[^/]+)\//.exec(module)?.[1];
  return { module, pkg: area ? `web/src/${area}` : module.startsWith('contract/') ? '@zalik/contract' : module };
}

export interface Attribution {
  module: string;
  pkg: string;
  chunk: string;
  raw: number;
  gzip: number;
}

/** Every source module of one chunk (a JS file in `dist` with its `.map` beside it). */
export function attribute(dist: string, file: string): Attribution[] {
  let code = readFileSync(path.join(dist, file), 'utf8');
  const map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8')) as SourceMap;
  const hint = code.startsWith(COMPILE_HINT);
  if (hint) code = code.slice(COMPILE_HINT.length);
  const owner = owners(code, map);
  const full = gzipSync(code).length;
  const present = [...new Set(owner)];
  return present.map((who) => {
    let raw = 0;
    let rest = '';
    let start = 0;
    for (let i = 0; i <= code.length; i++) {
      const mine = i < code.length && owner[i] === who;
      if (mine) raw++;
      if (mine || i === code.length) {
        rest += code.slice(start, i);
        start = i + 1;
      }
    }
    const { module, pkg } = who < 0 ? { module: UNMAPPED, pkg: UNMAPPED } : label(map.sources[who]!);
    return { module, pkg, chunk: file, raw, gzip: full - gzipSync(rest).length };
  });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(2);

/** Prints the packages and the `top` largest modules of the first screen's chunks. */
export function printWhy(dist: string, files: string[], top = 40): void {
  const all = files.filter((f) => f.endsWith('.js')).flatMap((f) => attribute(dist, f));
  const byPkg = new Map<string, { raw: number; gzip: number; modules: number }>();
  for (const a of all) {
    const p = byPkg.get(a.pkg) ?? { raw: 0, gzip: 0, modules: 0 };
    p.raw += a.raw;
    p.gzip += a.gzip;
    p.modules++;
    byPkg.set(a.pkg, p);
  }
  const row = (cells: string[]) => `  ${cells[0]!.padEnd(72)} ${cells.slice(1).map((c) => c.padStart(9)).join(' ')}`;
  console.log('Where the first screen\'s JS goes (gzip KB = what the chunk loses without it; not additive)');
  console.log(row(['package or app folder', 'modules', 'raw KB', 'gzip KB']));
  for (const [pkg, p] of [...byPkg].sort((a, b) => b[1].gzip - a[1].gzip)) console.log(row([pkg, String(p.modules), kb(p.raw), kb(p.gzip)]));
  console.log('');
  console.log(row([`the ${top} largest modules`, 'chunk', 'raw KB', 'gzip KB']));
  for (const a of all.sort((x, y) => y.gzip - x.gzip).slice(0, top)) console.log(row([a.module, a.chunk.replace(/^assets\/|-[\w-]+\.js$/g, ''), kb(a.raw), kb(a.gzip)]));
  console.log('');
}
