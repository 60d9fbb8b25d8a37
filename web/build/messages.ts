import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { nodes, type Node } from './ast.js';

/** The contract's built messages (contract/src/messages.ts): `export const MSG = { key: value, ... }`. */
const MESSAGES = path.join(path.dirname(createRequire(import.meta.url).resolve('@zalik/contract')), 'messages.js');
/** The app's own modules (tests never reach a build). */
const APP_SOURCE = /[\\/]web[\\/]src[\\/].*\.[cm]?[jt]sx?$/;

/** Each message's source text: a string literal, or an arrow function of its arguments. */
function readMessages(parse: (code: string) => Node): Map<string, string> {
  const code = readFileSync(MESSAGES, 'utf8');
  const out = new Map<string, string>();
  for (const n of nodes(parse(code))) {
    if (n.type === 'ImportDeclaration') throw new Error(`${MESSAGES}: messages import nothing (each one is copied where it is used)`);
    if (n.type !== 'VariableDeclarator' || (n.id as Node & { name?: string }).name !== 'MSG') continue;
    let init = n.init as Node;
    while (init.type === 'TSAsExpression' || init.type === 'ParenthesizedExpression') init = init.expression as Node;
    for (const p of init.properties as Node[]) {
      const key = p.key as Node & { name?: string };
      const value = p.value as Node;
      if (p.type !== 'Property' || p.computed || !key.name) throw new Error(`${MESSAGES}: MSG's entries are plain \`key: value\``);
      const text = code.slice(value.start, value.end);
      if (/\bMSG\b/.test(text)) throw new Error(`${MESSAGES}: MSG.${key.name} refers to MSG`);
      out.set(key.name, value.type === 'Literal' ? text : `(${text})`);
    }
  }
  if (out.size === 0) throw new Error(`${MESSAGES}: no MSG found`);
  return out;
}

/**
 * Writes each `MSG.key` of the app's modules as the message itself (a string, or the message's
 * arrow function), so that a chunk carries the texts it shows and no other. MSG is one object:
 * the bundler cannot drop the entries nobody reads, and the first screen's chunk (the sign-in
 * reads MSG) carried every text of the API and the app, each new feature's too. A module that
 * uses MSG any other way (passes the object, indexes it) is left as it is, and keeps the whole
 * object in its chunk; the contract's own schemas keep it in their lazy chunks.
 */
export function inlineMessages(): Plugin {
  let messages: Map<string, string> | undefined;
  return {
    name: 'zalik-inline-messages',
    apply: 'build',
    transform: {
      filter: { id: APP_SOURCE, code: 'MSG' },
      handler(code, id) {
        messages ??= readMessages((c) => this.parse(c) as unknown as Node);
        const ast = this.parse(code, { lang: /\.tsx$/.test(id) ? 'tsx' : /\.ts$/.test(id) ? 'ts' : 'jsx' }) as unknown as Node;
        const local = localName(ast);
        if (!local) return null;
        const edits: { start: number; end: number; text: string }[] = [];
        // By position: an import's `imported` and `local` may be two nodes at one place.
        const uses = new Set<number>();
        for (const n of nodes(ast)) {
          if (n.type === 'Identifier' && n.name === local) uses.add(n.start);
          if (n.type !== 'MemberExpression' || n.computed) continue;
          const object = n.object as Node & { name?: string };
          const key = (n.property as Node & { name?: string }).name;
          const text = key === undefined ? undefined : messages.get(key);
          if (object.type !== 'Identifier' || object.name !== local || text === undefined) continue;
          edits.push({ start: n.start, end: n.end, text });
        }
        // The import's own name, and one per `MSG.key`: anything more is another use of the object.
        if (edits.length === 0 || uses.size !== edits.length + 1) return null;
        let out = code;
        for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
        return { code: out, map: null };
      },
    },
  };
}

/** The local name of `import { MSG } from '@zalik/contract'` (`MSG as M` too), if any. */
function localName(ast: Node): string | undefined {
  for (const n of ast.body as Node[]) {
    if (n.type !== 'ImportDeclaration' || (n.source as Node).value !== '@zalik/contract') continue;
    for (const s of n.specifiers as Node[]) {
      const imported = s.imported as (Node & { name?: string }) | undefined;
      if (s.type === 'ImportSpecifier' && imported?.name === 'MSG') return (s.local as Node & { name: string }).name;
    }
  }
  return undefined;
}
