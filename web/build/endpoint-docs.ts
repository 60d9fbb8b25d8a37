import type { Plugin } from 'vite';
import { nodes, type Node } from './ast.js';

/** The contract's built endpoint table (contract/dist/endpoints/<area>.js). */
const TABLE = /[\\/]contract[\\/]dist[\\/]endpoints[\\/][^\\/]+\.js$/;
/** What the web's client reads of an entry (web/src/api/client.ts `call`). */
const KEPT = new Set(['method', 'path']);

/**
 * Keeps only `method` and `path` of the endpoint table's entries in the browser's bundle. The
 * rest (summary, tag, access, rate limit) documents and configures the API; the web never reads
 * it, yet an entry ships in the chunk of its whole module, and the users' and catalogue's modules
 * are in the first screen's (the sign-in is there).
 */
export function endpointDocs(): Plugin {
  return {
    name: 'zalik-endpoint-docs',
    apply: 'build',
    transform: {
      filter: { id: TABLE },
      handler(code, id) {
        const edits: { start: number; end: number; text: string }[] = [];
        for (const n of nodes(this.parse(code))) {
          const callee = n.callee as Node | undefined;
          const [arg] = (n.arguments as Node[] | undefined) ?? [];
          if (n.type !== 'CallExpression' || callee?.type !== 'Identifier' || callee.name !== 'endpoint' || arg?.type !== 'ObjectExpression') continue;
          const props = arg.properties as Node[];
          const kept = props.filter((p) => p.type === 'Property' && KEPT.has((p.key as Node & { name?: string }).name ?? ''));
          if (kept.length !== KEPT.size) throw new Error(`${id}: an entry without method or path`);
          edits.push({ start: arg.start, end: arg.end, text: `{ ${kept.map((p) => code.slice(p.start, p.end)).join(', ')} }` });
        }
        let out = code;
        for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
        return { code: out, map: null };
      },
    },
  };
}
