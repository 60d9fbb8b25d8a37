/**
 * `npm run screenshots -w web`: every screen reachable now, light and dark, 390x844, into
 * web/screenshots/<screen>-<theme>.png. A helper adding a screen adds one entry to SCREENS.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PERSONA, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';

interface Shot {
  name: string;
  persona: string;
  path: string;
  /** Brings the data or the screen into the state to photograph. */
  prepare?: (env: E2E) => Promise<void>;
  /** Acts on the open page before the picture (taps, typing). */
  act?: (page: Page) => Promise<void>;
}

/** Students with a course chosen (the student persona starts at course 0). */
const withCourse = async (env: E2E) => {
  await (await env.apiAs(PERSONA.student)).patch('/api/v1/users/me/course', { courseNumber: 2 });
};

const SCREENS: Shot[] = [
  { name: 'loading', persona: PERSONA.student, path: '/loading' },
  { name: 'choose-course', persona: PERSONA.student, path: '/' },
  {
    name: 'choose-course-ticked',
    persona: PERSONA.student,
    path: '/',
    act: async (page) => {
      await page.getByRole('button', { name: /^2/ }).click();
      await page.getByRole('checkbox').check();
    },
  },
  { name: 'rules-first-open', persona: PERSONA.student, path: '/rules' },
  { name: 'tasks', persona: PERSONA.student, path: '/', prepare: withCourse },
  { name: 'settings', persona: PERSONA.student, path: '/settings', prepare: withCourse },
  { name: 'settings-admin', persona: PERSONA.admin, path: '/settings' },
  { name: 'settings-developer', persona: PERSONA.developer, path: '/settings' },
  { name: 'settings-rules', persona: PERSONA.student, path: '/settings/rules', prepare: withCourse },
  { name: 'not-found', persona: PERSONA.student, path: '/no-such-screen', prepare: withCourse },
  {
    name: 'blocked',
    persona: PERSONA.student,
    path: '/',
    prepare: async (env) => {
      await (await env.apiAs(PERSONA.admin)).patch(`/api/v1/users/${PERSONA.student}/ban?value=true`);
    },
  },
];

const THEMES: Theme[] = ['light', 'dark'];

describe('screenshots', () => {
  let env: E2E;
  beforeAll(async () => {
    env = await startE2E();
  });
  afterAll(async () => {
    await env?.stop();
  });

  for (const shot of SCREENS) {
    it(shot.name, async () => {
      await shot.prepare?.(env);
      for (const theme of THEMES) {
        const page = await env.open({ persona: shot.persona, theme, path: shot.path });
        await waitForIdle(page);
        if (shot.act) {
          await shot.act(page);
          await waitForIdle(page);
        }
        await shoot(page, `${shot.name}-${theme}`);
        await page.context().close();
      }
    });
  }
});
