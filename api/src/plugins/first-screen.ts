/**
 * index.html with the first screen already in it (docs/WEB.md, "The first seconds"): on a slow
 * mobile network the app's JavaScript arrives seconds after the HTML, so the server renders
 * what `/` shows into `#root` and React hydrates it.
 *
 * - A returning student (a valid first-screen cookie, http/first-screen-cookie.ts) who may
 *   read the catalogue now (known, not banned, no maintenance, not an admin, whose cards
 *   carry a menu) gets their course's subject list and the news, drawn by the web build's
 *   own components (web/src/ssr/server.tsx, built to `<dist>/.ssr/server.js`), and the data
 *   they were drawn from in a `<script type="application/json">` (data, never run: the CSP
 *   is unchanged) for the app's first render.
 * - Anyone else gets the skeleton of `/`; other paths get the empty page as before.
 *
 * The stylesheet of the first screen is inlined too (inlineStylesheet).
 *
 * Cheap and bounded: the data are the catalogue cache's rendered JSON (no query of their
 * own), the user is loaded as for any API call, and the HTML of a course is rendered once per
 * version of its data (a few milliseconds), then reused.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Role } from '@zalik/contract';
import { firstScreenCookieOf } from '../http/first-screen-cookie.js';
import { newsJson } from '../modules/catalogue/index.js';
import { subjectsJson } from '../modules/catalogue/index.js';
import type { CoreDeps } from '../types/deps.js';
import type { MaintenanceService } from '../modules/maintenance/index.js';
import type { UsersService } from '../modules/users/index.js';

/** Where the web build keeps its server rendering (web/build/ssr.ts). */
export const SSR_MODULE = path.join('.ssr', 'server.js');
/** What index.html holds for the server (web/index.html). */
const ROOT_SLOT = '<div id="root"></div>';
const DATA_SLOT = '<!-- first screen data -->';
/** The `<script>`'s id the app reads the data from (web/src/app/firstScreen.ts). */
const DATA_ID = 'zalik-first-screen';

interface RenderInput {
  course: number;
  telegramId: string;
  roles: readonly Role[];
  subjects: unknown;
  news: unknown;
}
interface SsrModule {
  renderFirstScreen(data: RenderInput | null): string;
}

export interface FirstScreen {
  /** index.html for this request of `/`. */
  home(request: FastifyRequest): Promise<string>;
  /** index.html for any other path of the app. */
  readonly other: string;
}

/** The first screen's stylesheet, as the build links it from index.html. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/;

/**
 * The first screen's stylesheet inside the page (a few KB compressed): painting the served
 * list does not wait for another round trip (0.6 s on a slow mobile network). The link stays,
 * `disabled` (never fetched nor applied), because the bundle's preload helper looks for it
 * before it would add the same stylesheet again, later in the cascade, for a lazy chunk that
 * lists it.
 */
function inlineStylesheet(root: string, template: string): string {
  const link = STYLESHEET.exec(template);
  if (!link) return template;
  const css = readFileSync(path.join(root, link[1]!), 'utf8');
  if (/<\/style/i.test(css)) return template;
  return template.replace(link[0], () => `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="${link[1]}" disabled>`);
}

/** Inside a `<script>` element: no `</script>` (or `<!--`) can close it early. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

export type FirstScreenDeps = Pick<CoreDeps, 'config' | 'db' | 'catalogue'> & { users: UsersService; maintenance: MaintenanceService };

/** Null when the build has no server rendering (a build older than it): the plain page then. */
export async function loadFirstScreen(root: string, template: string, deps: FirstScreenDeps, log: FastifyBaseLogger): Promise<FirstScreen | null> {
  const file = path.join(root, SSR_MODULE);
  if (!existsSync(file) || !template.includes(ROOT_SLOT) || !template.includes(DATA_SLOT)) {
    log.warn({ file }, 'the web build has no server rendering of the first screen (npm run build -w web): index.html is served as it is');
    return null;
  }
  const ssr = (await import(pathToFileURL(file).href)) as SsrModule;
  const styled = inlineStylesheet(root, template);
  const page = (html: string, data = '') => styled.replace(DATA_SLOT, () => data).replace(ROOT_SLOT, () => `<div id="root">${html}</div>`);
  const skeleton = page(ssr.renderFirstScreen(null));
  const cookie = firstScreenCookieOf(deps.config);
  /** The list's HTML per course, for the data (the cache's very buffers) it was drawn from. */
  const rendered = new Map<number, { subjects: Buffer; news: Buffer; html: string }>();

  const listOf = (course: number, telegramId: string, roles: readonly Role[], subjects: Buffer, news: Buffer): string => {
    let hit = rendered.get(course);
    if (!hit || hit.subjects !== subjects || hit.news !== news) {
      // Roles change nothing a student's list shows (ssr/server.tsx): one HTML per course.
      const html = ssr.renderFirstScreen({ course, telegramId, roles, subjects: JSON.parse(subjects.toString()), news: JSON.parse(news.toString()) });
      hit = { subjects, news, html };
      rendered.set(course, hit);
    }
    const data = `{"course":${course},"telegramId":"${telegramId}","subjects":${subjects.toString()},"news":${news.toString()}}`;
    return page(hit.html, `<script type="application/json" id="${DATA_ID}">${scriptSafe(data)}</script>`);
  };

  return {
    other: page(''),
    async home(request) {
      const claim = cookie.read(request.headers.cookie);
      if (!claim) return skeleton;
      try {
        const user = await deps.users.loadAuthUser(claim.telegramId);
        if (!user || user.banned || user.isAdmin || (await deps.maintenance.status()).enabled) return skeleton;
        const [subjects, news] = await Promise.all([subjectsJson(deps, claim.course), newsJson(deps)]);
        return listOf(claim.course, String(user.telegramId), [...user.roles], subjects, news);
      } catch (err) {
        // The database is away, say: the app shows what its own calls meet.
        request.log.warn({ err }, 'first screen not rendered');
        return skeleton;
      }
    },
  };
}
