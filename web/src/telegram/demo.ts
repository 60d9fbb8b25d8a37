/**
 * Demo mode: the app opened in a plain browser (no Telegram launch parameters). The API's dev
 * endpoints sign Telegram initData for a demo persona, and the SDK's mockTelegramEnv makes the
 * page behave as if Telegram had launched it, so auth, theme, insets, back button and haptics
 * all take the same code path as inside Telegram.
 *
 * Every Mini Apps method the app posts is recorded in `window.__tgEvents` so browser tests can
 * assert on them (e.g. `web_app_request_file_download`).
 */
import { emitEvent, mockTelegramEnv } from '@tma.js/sdk-react';
import { endpoints as ep, type DevInitDataAnswer, type Persona } from '@zalik/contract';
import { parkEarly, takeEarly } from '../api/early';
import { AUTH_PATH } from '../api/auth';
import { DEMO_FLAG, SDK_STORAGE_PREFIX } from './launch';
import { isMobilePlatform } from './version';
import { PALETTES, type DemoTheme } from './palettes';

export type { DemoTheme };

export interface TgEventRecord {
  name: string;
  params: unknown;
}

declare global {
  interface Window {
    /** Mini Apps methods posted by the app while Telegram is emulated (demo mode only). */
    __tgEvents?: TgEventRecord[];
  }
}

export const DEMO_PLATFORMS = ['tdesktop', 'macos', 'web', 'weba', 'ios', 'android'] as const;
export type DemoPlatform = (typeof DEMO_PLATFORMS)[number];

const KEY = {
  persona: 'zalik.demo.persona',
  theme: 'zalik.demo.theme',
  platform: 'zalik.demo.platform',
  homeScreen: 'zalik.demo.homeScreen',
  /** The emulated cloud storage's keys live under this prefix of localStorage. */
  cloud: 'zalik.demo.cloud.',
} as const;

/** Height of the emulated Telegram header (back button + persona chip). */
export const DEMO_BAR_HEIGHT = 44;
export const DEMO_VERSION = '8.0';

const PERSONAS_URL = ep.demoPersonas.path;
const INIT_DATA_URL = ep.demoInitData.path;

interface Insets {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface DemoState {
  personas: Persona[];
  persona: Persona;
  theme: DemoTheme;
  platform: DemoPlatform;
  backButtonVisible: boolean;
  fullscreen: boolean;
  /** A Stars invoice the app opened: the emulated payment sheet shows it (app/DemoPayments.tsx). */
  invoice: { slug: string } | null;
  /** A bank jar link the app opened: the emulated bank shows it instead of a real bank's page. */
  bankLink: string | null;
}

// ---------------------------------------------------------------------------------------------
// Preferences: URL (?persona=&theme=&platform=) first, then localStorage.
// ---------------------------------------------------------------------------------------------

function isTheme(v: string | null): v is DemoTheme {
  return v === 'light' || v === 'dark';
}
function isPlatform(v: string | null): v is DemoPlatform {
  return !!v && (DEMO_PLATFORMS as readonly string[]).includes(v);
}

function readPrefs(): { personaId: string | null; theme: DemoTheme; platform: DemoPlatform } {
  const url = new URL(window.location.href);
  const qPersona = url.searchParams.get('persona');
  const qTheme = url.searchParams.get('theme');
  const qPlatform = url.searchParams.get('platform');
  if (qPersona) localStorage.setItem(KEY.persona, qPersona);
  if (isTheme(qTheme)) localStorage.setItem(KEY.theme, qTheme);
  if (isPlatform(qPlatform)) localStorage.setItem(KEY.platform, qPlatform);
  if (qPersona !== null || qTheme !== null || qPlatform !== null) {
    // Drop them from the address so a later switch (which reloads) is not overridden by them.
    for (const k of ['persona', 'theme', 'platform']) url.searchParams.delete(k);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  const theme = localStorage.getItem(KEY.theme);
  const platform = localStorage.getItem(KEY.platform);
  const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  return {
    personaId: localStorage.getItem(KEY.persona),
    theme: isTheme(theme) ? theme : prefersDark ? 'dark' : 'light',
    platform: isPlatform(platform) ? platform : 'tdesktop',
  };
}

// ---------------------------------------------------------------------------------------------
// State shared with the demo bar
// ---------------------------------------------------------------------------------------------

let state: DemoState | null = null;
const listeners = new Set<() => void>();

function update(patch: Partial<DemoState>): void {
  if (!state) return;
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export function subscribeDemo(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getDemoState(): DemoState | null {
  return state;
}

export function isDemo(): boolean {
  return state !== null;
}

// ---------------------------------------------------------------------------------------------
// Emulated Telegram
// ---------------------------------------------------------------------------------------------

const ZERO: Insets = { top: 0, bottom: 0, left: 0, right: 0 };

/** Insets the emulated client reports: the demo bar takes the content-safe area at the top. */
function insetsFor(platform: DemoPlatform, fullscreen: boolean): { safe: Insets; content: Insets } {
  if (platform === 'ios') {
    return fullscreen
      ? { safe: { ...ZERO, top: 47, bottom: 34 }, content: { ...ZERO, top: 46 } }
      : { safe: { ...ZERO, bottom: 34 }, content: { ...ZERO, top: DEMO_BAR_HEIGHT } };
  }
  if (platform === 'android') {
    return fullscreen
      ? { safe: { ...ZERO, top: 24 }, content: { ...ZERO, top: 48 } }
      : { safe: ZERO, content: { ...ZERO, top: DEMO_BAR_HEIGHT } };
  }
  return { safe: ZERO, content: { ...ZERO, top: DEMO_BAR_HEIGHT } };
}

function emitInsets(): void {
  if (!state) return;
  const { safe, content } = insetsFor(state.platform, state.fullscreen);
  emitEvent('safe_area_changed', safe);
  emitEvent('content_safe_area_changed', content);
}

function emitViewport(): void {
  emitEvent('viewport_changed', {
    height: window.innerHeight,
    width: window.innerWidth,
    is_expanded: true,
    is_state_stable: true,
  });
}

function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function emulatePopup(params: Record<string, unknown>): void {
  const buttons = Array.isArray(params.buttons) ? params.buttons.map(asRecord) : [];
  const text = [str(params.title), str(params.message)].filter(Boolean).join('\n\n');
  let buttonId: string | undefined;
  if (buttons.length <= 1) {
    window.alert(text);
    buttonId = str(buttons[0]?.id) || undefined;
  } else {
    const isCancel = (b: Record<string, unknown>) => b.type === 'cancel' || b.type === 'close';
    const ok = buttons.find((b) => !isCancel(b)) ?? buttons[0];
    const cancel = buttons.find(isCancel);
    buttonId = window.confirm(text) ? str(ok?.id) : cancel ? str(cancel.id) : undefined;
  }
  emitEvent('popup_closed', buttonId ? { button_id: buttonId } : {});
}

/**
 * A Monobank jar link: in demo mode the jar is the API's local fake, so no real bank may be
 * paid; the emulated bank takes the transfer instead.
 */
function isBankJarLink(url: string): boolean {
  try {
    const u = new URL(url);
    return u.hostname === 'send.monobank.ua' && u.pathname.startsWith('/jar/');
  } catch {
    return false;
  }
}

function emulateDownload(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Telegram's cloud storage (drafts), kept in this browser's localStorage. */
function emulateCloudStorage(params: Record<string, unknown>): void {
  const reqId = str(params.req_id);
  const args = asRecord(params.params);
  const keys = Array.isArray(args.keys) ? args.keys.map(str) : [];
  let result: unknown = true;
  if (params.method === 'getStorageValues') result = Object.fromEntries(keys.map((k) => [k, localStorage.getItem(KEY.cloud + k) ?? '']));
  else if (params.method === 'saveStorageValue') localStorage.setItem(KEY.cloud + str(args.key), str(args.value));
  else if (params.method === 'deleteStorageValues') keys.forEach((k) => localStorage.removeItem(KEY.cloud + k));
  else if (params.method === 'getStorageKeys') {
    result = Object.keys(localStorage)
      .filter((k) => k.startsWith(KEY.cloud))
      .map((k) => k.slice(KEY.cloud.length));
  } else result = undefined;
  emitEvent('custom_method_invoked', result === undefined ? { req_id: reqId, error: 'UNKNOWN_METHOD' } : { req_id: reqId, result });
}

/** What the emulated client does for each Mini Apps method the app posts. */
function respond(name: string, rawParams: unknown): void {
  const params = asRecord(rawParams);
  switch (name) {
    case 'web_app_request_theme':
      if (state) emitEvent('theme_changed', { theme_params: PALETTES[state.theme] });
      return;
    case 'web_app_request_viewport':
      emitViewport();
      return;
    case 'web_app_request_safe_area':
      if (state) emitEvent('safe_area_changed', insetsFor(state.platform, state.fullscreen).safe);
      return;
    case 'web_app_request_content_safe_area':
      if (state) emitEvent('content_safe_area_changed', insetsFor(state.platform, state.fullscreen).content);
      return;
    case 'web_app_request_fullscreen':
      if (!state || !isMobilePlatform(state.platform)) {
        emitEvent('fullscreen_failed', { error: 'UNSUPPORTED' });
        return;
      }
      update({ fullscreen: true });
      emitEvent('fullscreen_changed', { is_fullscreen: true });
      emitInsets();
      return;
    case 'web_app_exit_fullscreen':
      update({ fullscreen: false });
      emitEvent('fullscreen_changed', { is_fullscreen: false });
      emitInsets();
      return;
    case 'web_app_setup_back_button':
      update({ backButtonVisible: params.is_visible === true });
      return;
    case 'web_app_open_link':
      if (isBankJarLink(str(params.url))) update({ bankLink: str(params.url) });
      else window.open(str(params.url), '_blank', 'noopener');
      return;
    case 'web_app_open_invoice':
      update({ invoice: { slug: str(params.slug) } });
      return;
    case 'web_app_open_tg_link':
      window.open(`https://t.me${str(params.path_full)}`, '_blank', 'noopener');
      return;
    case 'web_app_request_file_download':
      emitEvent('file_download_requested', { status: 'downloading' });
      emulateDownload(str(params.url), str(params.file_name));
      return;
    case 'web_app_open_popup':
      emulatePopup(params);
      return;
    case 'web_app_send_prepared_message':
      // The card was prepared by the local fake Bot API; the emulated client "sends" it at once.
      emitEvent('prepared_message_sent');
      return;
    case 'web_app_check_home_screen':
      emitEvent('home_screen_checked', { status: localStorage.getItem(KEY.homeScreen) ? 'added' : 'missed' });
      return;
    case 'web_app_add_to_home_screen':
      localStorage.setItem(KEY.homeScreen, '1');
      emitEvent('home_screen_added');
      return;
    case 'web_app_invoke_custom_method':
      emulateCloudStorage(params);
      return;
    default:
      // Haptics, swipe behaviour, colours, ready, iframe_ready...: recorded, nothing to do.
      return;
  }
}

function installMock(initData: string, s: DemoState): void {
  // A clean emulated launch every load: forget launch params and component state that the SDK
  // saved for the previous persona or theme.
  for (let i = sessionStorage.length - 1; i >= 0; i--) {
    const k = sessionStorage.key(i);
    if (k?.startsWith(SDK_STORAGE_PREFIX)) sessionStorage.removeItem(k);
  }
  sessionStorage.setItem(DEMO_FLAG, '1');
  window.__tgEvents = [];

  const startParam = new URL(window.location.href).searchParams.get('startapp') ?? undefined;
  mockTelegramEnv({
    launchParams: {
      tgWebAppData: initData,
      tgWebAppVersion: DEMO_VERSION,
      tgWebAppPlatform: s.platform,
      tgWebAppThemeParams: PALETTES[s.theme],
      ...(startParam ? { tgWebAppStartParam: startParam } : {}),
    },
    resetPostMessage: true,
    onEvent(event) {
      window.__tgEvents?.push({ name: event.name, params: event.params });
      // Answer after the SDK has finished posting, as a native client would.
      queueMicrotask(() => respond(event.name, event.params));
    },
  });
  window.addEventListener('resize', emitViewport);
}

// ---------------------------------------------------------------------------------------------
// Start and switch
// ---------------------------------------------------------------------------------------------

export type DemoStart = { ok: true; state: DemoState } | { ok: false; reason: 'unavailable' };

async function readJson<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}`);
  return (await res.json()) as T;
}

/** With signIn: the server answers the sign-in for this initData too (one round trip less). */
export const initDataBody = (telegramId: string) => JSON.stringify({ telegramId, signIn: true });

function signInitData(telegramId: string): Promise<Response> {
  const body = initDataBody(telegramId);
  return (
    takeEarly('POST', INIT_DATA_URL, body) ??
    fetch(INIT_DATA_URL, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body })
  );
}

/** The sign-in the init-data answer carried goes to the app's own sign-in (api/auth.ts), once. */
function parkSignIn({ initData, auth }: DevInitDataAnswer): void {
  if (!auth) return;
  const answer = new Response(JSON.stringify(auth), { status: 200, headers: { 'content-type': 'application/json' } });
  parkEarly('POST', AUTH_PATH, JSON.stringify(initData), Promise.resolve(answer));
}

/**
 * Starts the emulation. Answers `unavailable` when the server has no dev endpoints
 * (production): the page then asks to open the app in Telegram. The remembered persona's
 * initData is asked for together with the persona list (usually both already started by
 * app/early.ts); only a persona that is not in the list costs a second round trip.
 */
export async function startDemo(): Promise<DemoStart> {
  const prefs = readPrefs();
  const personasRes = takeEarly('GET', PERSONAS_URL) ?? fetch(PERSONAS_URL, { headers: { accept: 'application/json' } });
  const guessed = prefs.personaId ? signInitData(prefs.personaId) : null;
  // Not awaited yet: a failure is read below, or not at all when the guess was wrong.
  guessed?.catch(() => undefined);

  const res = await personasRes;
  if (res.status === 404) return { ok: false, reason: 'unavailable' };
  const personas = await readJson<Persona[]>(res, PERSONAS_URL);
  if (!Array.isArray(personas) || personas.length === 0) throw new Error('No demo personas');

  const remembered = personas.find((p) => String(p.telegramId) === prefs.personaId);
  const persona = remembered ?? personas.find((p) => p.role === 'ROLE_USER') ?? personas[0]!;
  localStorage.setItem(KEY.persona, String(persona.telegramId));

  const signed = await readJson<DevInitDataAnswer>(
    await (remembered && guessed ? guessed : signInitData(String(persona.telegramId))),
    INIT_DATA_URL,
  );
  parkSignIn(signed);

  state = {
    personas,
    persona,
    theme: prefs.theme,
    platform: prefs.platform,
    backButtonVisible: false,
    fullscreen: false,
    invoice: null,
    bankLink: null,
  };
  installMock(signed.initData, state);
  return { ok: true, state };
}

/** Signs in as another persona: the page reloads and signs fresh initData for it. */
export function switchPersona(telegramId: string): void {
  localStorage.setItem(KEY.persona, telegramId);
  window.location.reload();
}

/** Switches the emulated Telegram theme at once, as Telegram does. */
export function setDemoTheme(theme: DemoTheme): void {
  localStorage.setItem(KEY.theme, theme);
  update({ theme });
  emitEvent('theme_changed', { theme_params: PALETTES[theme] });
}

/** The emulated Telegram header's back button was tapped. */
export function pressDemoBackButton(): void {
  emitEvent('back_button_pressed');
}

/** The emulated payment sheet closed: tells the app as Telegram does (`invoice_closed`). */
export function closeDemoInvoice(status: 'paid' | 'cancelled' | 'failed'): void {
  const slug = state?.invoice?.slug;
  update({ invoice: null });
  if (slug) emitEvent('invoice_closed', { slug, status });
}

/** The emulated bank page closed (the app is told nothing, as with a real bank). */
export function closeDemoBank(): void {
  update({ bankLink: null });
}
