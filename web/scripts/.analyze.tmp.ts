import path from 'node:path';
import { build, type Plugin } from 'vite';
const WEB_ROOT = path.resolve(import.meta.dirname, '..');
const rec: Plugin = {
  name: 'rec',
  generateBundle(_o, bundle) {
    for (const out of Object.values(bundle)) {
      if (out.type !== 'chunk') continue;
      const mods = Object.entries(out.modules).map(([id, m]) => [id.replace(/.*node_modules\//, 'nm/').replace(WEB_ROOT, ''), m.renderedLength] as const).sort((a, b) => b[1] - a[1]);
      const total = mods.reduce((s, m) => s + m[1], 0);
      console.log(`\n## ${out.fileName} ${out.isEntry ? 'ENTRY' : out.isDynamicEntry ? 'dyn' : ''} imports=${out.imports.join(',')} total=${total}`);
      const agg = new Map<string, number>();
      for (const [id, n] of mods) { const k = id.startsWith('nm/') ? id.split('/').slice(0, id.split('/')[1]!.startsWith('@') ? 3 : 2).join('/') : id; agg.set(k, (agg.get(k) ?? 0) + n); }
      for (const [k, n] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${String(n).padStart(8)} ${k}`);
    }
  },
};
process.env.NODE_ENV = 'production';
await build({ root: WEB_ROOT, configFile: path.join(WEB_ROOT, 'vite.config.ts'), mode: 'production', logLevel: 'warn', plugins: [rec], build: { outDir: '/tmp/perf7/dist', emptyOutDir: true } });
