import type { Plugin } from 'vite';

/** Where React Router's package.json points (`dist/development`), and its production twin. */
const DEVELOPMENT = /([\\/])dist[\\/]development[\\/]/;
/** Its one big module: the router, the hooks and every component. */
const CHUNK = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/;
/** `Link.displayName = "Link";`: a name for React's developer tools, at the module's top level. */
const DISPLAY_NAME = /^\w+\.displayName = "[^"]*";$/gm;
/** `var Form = React10.forwardRef(`: a component made by a call. */
const FORWARD_REF = /= (React\d*)\.forwardRef\(/g;

/**
 * React Router as a production build carries it, ~2 KB gzipped less of the first screen's chunk
 * (docs/PERFORMANCE.md):
 * - its package.json sends every bundler to `dist/development`, whose only difference is
 *   `ENABLE_DEV_WARNINGS = true` (route warnings, console errors): the build takes
 *   `dist/production` instead;
 * - its components are `forwardRef(...)` calls followed by `X.displayName = "X"` writes, which a
 *   bundler must keep (a call, a property write) whether the app uses the component or not:
 *   the router is one module, so NavLink, Form, ScrollRestoration and what they use all shipped
 *   in the first screen. The calls are marked pure and the names dropped, so only what the app
 *   renders stays.
 * The dev server and the tests keep the development build.
 */
export function reactRouterProduction(): Plugin {
  return {
    name: 'zalik-react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !DEVELOPMENT.test(resolved.id)) throw new Error(`react-router resolved to ${resolved?.id}, not to its dist/development`);
      return { ...resolved, id: resolved.id.replace(DEVELOPMENT, '$1dist$1production$1') };
    },
    transform: {
      filter: { id: CHUNK },
      handler(code, id) {
        if (code.includes('ENABLE_DEV_WARNINGS = true')) throw new Error(`${id}: React Router's development build`);
        const out = code.replace(DISPLAY_NAME, '').replace(FORWARD_REF, '= /* @__PURE__ */ $1.forwardRef(');
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}
