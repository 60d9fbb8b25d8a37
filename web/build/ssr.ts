/** The server's rendering of the first screen (src/ssr/server.tsx): vite.config.ts's ssrConfig, built by build-web.ts. */
export const SSR_ENTRY = 'src/ssr/server.tsx';
/**
 * Its build, inside the client build's folder: `<dist>/.ssr/server.js` (api/src/plugins/first-screen.ts
 * imports it; the static files plugin serves no dot-folder).
 */
export const SSR_OUT_DIR = '.ssr';
