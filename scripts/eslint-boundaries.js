// An ESLint rule for the workspace's boundaries, checked on the resolved path of every import
// (relative specifiers included, which `no-restricted-imports` patterns cannot see through):
// - contract/src is the wire format both sides share: it imports only zod, nothing of Node's or ours;
// - api/ and web/ never import each other (they share only @zalik/contract), except that the
//   browser tests (web/e2e/) start the real API and build its fixtures;
// - a screen (web/src/screens/<name>/) never imports another screen: what two screens share
//   moves down into web/src/ui, api, lib or app;
// - web/src/ui/ imports no screen.
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const CONTRACT_MAY_IMPORT = new Set(['zod']);

function where(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const pkg = rel.split('/')[0];
  const screen = /^web\/src\/screens\/([^/]+)\//.exec(rel)?.[1];
  return { rel, pkg, screen, ui: rel.startsWith('web/src/ui/') };
}

/** The package a bare specifier names: `@scope/name/x` -> `@scope/name`, `name/x` -> `name`. */
function packageOf(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function problem(from, spec, filename) {
  if (spec.startsWith('.')) {
    const to = where(path.resolve(path.dirname(filename), spec));
    const browserTestOfApi = from.rel.startsWith('web/e2e/') && to.pkg === 'api';
    if (from.pkg !== to.pkg && !browserTestOfApi) return `${from.pkg}/ may not import from ${to.pkg}/ (${spec})`;
    if (from.screen && to.screen && from.screen !== to.screen)
      return `screen '${from.screen}' may not import screen '${to.screen}' (${spec}): move the shared piece below both`;
    if (from.ui && to.screen) return `web/src/ui may not import a screen (${spec})`;
    return null;
  }
  const name = packageOf(spec);
  if (from.rel.startsWith('contract/src/') && !CONTRACT_MAY_IMPORT.has(name)) return `contract/ imports only ${[...CONTRACT_MAY_IMPORT].join(', ')}, not '${spec}'`;
  if (from.pkg === 'web' && name === '@zalik/api') return `web/ may not import the api package ('${spec}')`;
  if (from.pkg === 'api' && name === '@zalik/web') return `api/ may not import the web package ('${spec}')`;
  return null;
}

const boundaries = {
  meta: { type: 'problem', docs: { description: 'package and folder boundaries of the workspace' }, schema: [] },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const from = where(filename);
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const message = problem(from, source.value, filename);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries } };
