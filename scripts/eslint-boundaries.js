// An ESLint rule for the workspace's boundaries, checked on the resolved path of every import
// (relative specifiers included, which `no-restricted-imports` patterns cannot see through):
// - contract/src is the wire format both sides share: it imports only zod, nothing of Node's or ours;
// - api/ and web/ never import each other (they share only @zalik/contract), except that the
//   browser tests (web/e2e/) start the real API and build its fixtures;
// - a screen (web/src/screens/<name>/) never imports another screen: what two screens share
//   moves down into web/src/ui, api, lib or app;
// - web/src/ui/ imports no screen;
// - api/src is in layers (the `api` option, set in eslint.config.js; docs/ARCHITECTURE.md,
//   "Layers of the API"): the folders below the areas import no area; an area imports another
//   only through its index.ts and only where its row in the table allows; plugins/ and bot/
//   import areas through their index.ts and no area imports them; nothing but the wiring
//   imports the wiring.
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

/** The layer and unit of a file of api/src, or null for a file elsewhere. */
function apiUnit(rel, api) {
  if (!rel.startsWith('api/src/')) return null;
  const parts = rel.slice('api/src/'.length).split('/');
  if (parts[0] === 'modules' && parts.length > 2) {
    const area = parts[1];
    return { layer: area in api.areas ? 'area' : 'unknown', unit: `modules/${area}`, area, index: parts.length === 3 && /^index\.[jt]sx?$/.test(parts[2]) };
  }
  const unit = parts.length === 1 ? parts[0].replace(/\.[jt]sx?$/, '') : parts[0];
  const layer = api.below.includes(unit) ? 'below' : api.above.includes(unit) ? 'above' : api.wiring.includes(unit) ? 'wiring' : 'unknown';
  return { layer, unit };
}

/** Throws when the areas' table names an unknown area or has a loop: the table must be a ranking. */
function checkAreas(areas) {
  const state = new Map();
  const visit = (area, trail) => {
    if (!(area in areas)) throw new Error(`zalik/boundaries: '${trail.at(-1)}' may import '${area}', which is not in the areas' table`);
    if (state.get(area) === 'done') return;
    if (state.get(area) === 'open') throw new Error(`zalik/boundaries: the areas' table has a loop: ${[...trail, area].join(' -> ')}`);
    state.set(area, 'open');
    for (const next of areas[area]) visit(next, [...trail, area]);
    state.set(area, 'done');
  };
  for (const area of Object.keys(areas)) visit(area, []);
}

const ADD_IT = 'add it to the api layers in eslint.config.js (docs/ARCHITECTURE.md, "Layers of the API")';

function apiProblem(fromRel, toRel, spec, api) {
  const from = apiUnit(fromRel, api);
  const to = apiUnit(toRel, api);
  if (!from || !to || from.unit === to.unit) return null;
  if (from.layer === 'unknown') return `api/src/${from.unit} is in no layer: ${ADD_IT}`;
  if (to.layer === 'unknown') return `api/src/${to.unit} is in no layer: ${ADD_IT}`;
  if (from.layer === 'wiring') return null;
  if (to.layer === 'wiring') return `only the wiring (${api.wiring.join(', ')}) imports ${to.unit} (${spec})`;
  if (from.layer === 'below') {
    if (to.layer !== 'below') return `${from.unit}/ is below the areas and may not import ${to.unit} (${spec}): move the shared piece down`;
    return null;
  }
  if (to.layer === 'area' && !to.index) return `${to.unit} is imported only through its index.ts (${spec})`;
  if (from.layer === 'area' && to.layer === 'above') return `an area may not import ${to.unit}/ (${spec}): plugins/ and bot/ depend on areas, not the reverse`;
  if (from.layer === 'area' && to.layer === 'area' && !api.areas[from.area].includes(to.area))
    return `area '${from.area}' may not import area '${to.area}' (${spec}): its row in the api areas' table (eslint.config.js) does not list it`;
  return null;
}

function problem(from, spec, filename, api) {
  if (spec.startsWith('.')) {
    const to = where(path.resolve(path.dirname(filename), spec));
    const browserTestOfApi = from.rel.startsWith('web/e2e/') && to.pkg === 'api';
    if (from.pkg !== to.pkg && !browserTestOfApi) return `${from.pkg}/ may not import from ${to.pkg}/ (${spec})`;
    if (from.screen && to.screen && from.screen !== to.screen)
      return `screen '${from.screen}' may not import screen '${to.screen}' (${spec}): move the shared piece below both`;
    if (from.ui && to.screen) return `web/src/ui may not import a screen (${spec})`;
    return api ? apiProblem(from.rel, to.rel, spec, api) : null;
  }
  const name = packageOf(spec);
  if (from.rel.startsWith('contract/src/') && !CONTRACT_MAY_IMPORT.has(name)) return `contract/ imports only ${[...CONTRACT_MAY_IMPORT].join(', ')}, not '${spec}'`;
  if (from.pkg === 'web' && name === '@zalik/api') return `web/ may not import the api package ('${spec}')`;
  if (from.pkg === 'api' && name === '@zalik/web') return `api/ may not import the web package ('${spec}')`;
  return null;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'package and folder boundaries of the workspace' },
    schema: [
      {
        type: 'object',
        properties: {
          api: {
            type: 'object',
            properties: {
              below: { type: 'array', items: { type: 'string' } },
              areas: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
              above: { type: 'array', items: { type: 'string' } },
              wiring: { type: 'array', items: { type: 'string' } },
            },
            required: ['below', 'areas', 'above', 'wiring'],
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const from = where(filename);
    const api = context.options[0]?.api;
    if (api) checkAreas(api.areas);
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const message = problem(from, source.value, filename, api);
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
