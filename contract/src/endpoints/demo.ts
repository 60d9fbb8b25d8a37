import { endpoint } from '../endpoint.js';
import type { DevInitDataAnswer, DevInitDataBody, PersonaList } from '../users.js';

/**
 * The demo's own calls (demo mode only): a module of their own, so the web's emulation
 * (telegram/demo.ts, a chunk only the demo loads) shares no module with a student's screens.
 */
export const demoPersonas = endpoint<{ answer: typeof PersonaList }>({
  method: 'GET', path: '/api/dev/personas', access: 'public', demoOnly: true, tag: 'demo', summary: 'The demo personas',
});
export const demoInitData = endpoint<{ body: typeof DevInitDataBody; answer: typeof DevInitDataAnswer }>({
  method: 'POST', path: '/api/dev/init-data', access: 'public', demoOnly: true, tag: 'demo',
  summary: 'initData signed with the demo bot token for a known user; with signIn, also the sign-in it gives',
});
