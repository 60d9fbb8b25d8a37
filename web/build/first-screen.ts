/**
 * How index.html starts the first screen (docs/WEB.md, "The first seconds"; the figures in
 * docs/PERFORMANCE.md): the boot prefetch inline, the Telegram start as an entry of its own
 * whose chunk imports nothing of the app's, both big chunks with V8's compile hint.
 */
import type { Plugin } from 'vite';

export const EARLY_ENTRY = 'src/app/early.ts';
/** The inline script's modules (its entry and the first paint): no chunk group of the app may claim them. */
export const EARLY_MODULES = [EARLY_ENTRY, 'src/app/paint.ts'] as const;
export const isEarlyModule = (id: string) => EARLY_MODULES.some((m) => id.endsWith(m));
/** The Telegram start (SDK, demo emulation, sign-in): an entry of its own, see earlyRequests. */
export const BOOT_ENTRY = 'src/app/bootstrap.ts';
/** Where index.html wants the boot prefetch: right after the charset, before anything else. */
const EARLY_SLOT = '<!-- early requests -->';

/** Every chunk `file` imports statically, transitively (itself included). */
function staticGraph(bundle: Record<string, { type: string; imports?: string[] }>, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const f of bundle[file]?.imports ?? []) staticGraph(bundle, f, seen);
  return seen;
}

/**
 * What index.html starts, in this order:
 * 1. The boot prefetch (src/app/early.ts), built as its own tiny entry (no imports) and then
 *    written INTO index.html as an inline classic `<script>`, its file dropped: it paints the
 *    stored theme and insets before the body (app/paint.ts) and starts the first screen's API
 *    requests while the HTML is still being parsed, instead of
 *    one round trip later (a separate file is another 0.6 s on a slow mobile network). The
 *    server's CSP allows exactly this script by its hash (api/src/plugins/web.ts reads the
 *    built index.html). (A <script> written in index.html itself would be merged into the
 *    app's entry by Vite, hence a separate entry.)
 * 2. The Telegram start (src/app/bootstrap.ts: the SDK, the demo's emulation, the sign-in),
 *    an async entry of its own whose chunk imports nothing of the app's: it is smaller than
 *    the app's, arrives first and does its work while the app's chunk is still downloading,
 *    on a main thread that would otherwise wait idle. The app imports the same module.
 * 3. The app (src/main.tsx), as Vite writes it.
 * The demo emulation's chunk goes in a <meta> before the inline script, which preloads it
 * only in demo mode.
 */
export function earlyRequests(): Plugin {
  return {
    name: 'zalik-early-requests',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!html.includes(EARLY_SLOT)) throw new Error(`index.html has no ${EARLY_SLOT}`);
        if (!ctx.bundle) {
          const dev = [EARLY_ENTRY, BOOT_ENTRY].map((src) => `<script type="module" async src="/${src}"></script>`).join('\n    ');
          return html.replace(EARLY_SLOT, dev);
        }
        const bundle = ctx.bundle;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const early = chunks.find((c) => c.isEntry && c.name === 'early');
        const boot = chunks.find((c) => c.isEntry && c.name === 'boot');
        const app = chunks.find((c) => c.isEntry && c.name === 'index');
        const demo = chunks.find((c) => c.name === 'demo');
        if (!early || !boot || !app || !demo) throw new Error('the early, boot, app or demo chunk is missing from the build');
        // Inline code cannot import, and must not end its own <script> element.
        if (early.imports.length || early.dynamicImports.length || /<\/script|\bexport\s*[{*]/i.test(early.code)) {
          throw new Error(`${EARLY_ENTRY} must stay dependency-free to be inlined into index.html`);
        }
        const bootGraph = staticGraph(bundle, boot.fileName);
        if (bootGraph.has(app.fileName)) throw new Error(`${BOOT_ENTRY} must not import the app's chunk: it would wait for it`);
        delete bundle[early.fileName];
        // The emulation (and its stylesheet, if it ever has one: the import would wait for it).
        // Not its header (app/DemoBar.tsx): the first screen does not wait for that, and on
        // HTTP/1.1 a seventh file would hold back the early API requests.
        const demoFiles = [demo.fileName, ...(demo.viteMetadata?.importedCss ?? [])];
        // The inline one is a classic script, run as the parser meets it: it paints the theme
        // and insets (app/paint.ts) before the body, the server-rendered first screen, is
        // parsed; in a function, so its names stay out of `window`. async: the boot entry runs
        // as soon as it is here, not after the parse and the stylesheets.
        const tags = [
          `<meta name="zalik:demo-chunk" content="${demoFiles.map((f) => `/${f}`).join(' ')}" />`,
          `<script>(()=>{${early.code.trim()}})()</script>`,
          `<script type="module" async crossorigin src="/${boot.fileName}"></script>`,
        ];
        return html.replace(EARLY_SLOT, () => tags.join('\n    '));
      },
    },
  };
}

/** Modules the boot entry imports statically, transitively: they make its chunk (bootGraph below). */
export const bootModules = new Set<string>();

/** Records the boot entry's static import graph as the bundler parses it (chunking comes after). */
export function bootGraph(): Plugin {
  const imports = new Map<string, readonly string[]>();
  let root: string | undefined;
  return {
    name: 'zalik-boot-graph',
    apply: 'build',
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
      if (info.id.endsWith(BOOT_ENTRY)) root = info.id;
    },
    buildEnd() {
      bootModules.clear();
      const visit = (id: string) => {
        if (bootModules.has(id)) return;
        bootModules.add(id);
        imports.get(id)?.forEach(visit);
      };
      if (root) visit(root);
    },
  };
}

/**
 * V8's explicit compile hint on the first screen's two chunks: most of their functions run at
 * start, so V8 compiles them all on a background thread while the file streams in, instead of
 * one by one on the main thread at their first call (Chromium 136+; other engines ignore it).
 */
export function compileHints(): Plugin {
  return {
    name: 'zalik-compile-hints',
    apply: 'build',
    // After minification (which drops comments) and Vite's own prologue: the hint must open the file.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry && (chunk.name === 'index' || chunk.name === 'boot')) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}
