/** The ESTree nodes the bundler's `this.parse` returns, as far as the build's plugins read them. */
export interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Every node under `node`, depth first. */
export function* nodes(node: unknown): Generator<Node> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) yield* nodes(n);
    return;
  }
  if (typeof (node as Node).type === 'string') yield node as Node;
  for (const value of Object.values(node)) if (value && typeof value === 'object') yield* nodes(value);
}
