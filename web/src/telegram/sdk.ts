/**
 * The only module (with demo.ts) that talks to @tma.js/sdk. Everything the app needs from
 * Telegram is a small function here, so screens never see the SDK and tests can stub this file.
 */
import {
  backButton,
  downloadFile as sdkDownloadFile,
  hapticFeedback,
  init as initSdk,
  initData,
  mainButton,
  miniApp,
  openLink as sdkOpenLink,
  openTelegramLink as sdkOpenTelegramLink,
  retrieveLaunchParams,
  retrieveRawInitData,
  shareURL,
  swipeBehavior,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
import { DOWNLOAD_FRAME_MS, FULLSCREEN_MIN_VERSION, NATIVE_DOWNLOAD_MIN_VERSION } from '@zalik/contract';
import { DEMO_FLAG } from './launch';
import { compareVersions, isMobilePlatform, versionString } from './version';
import { safe, warnDev } from './safe';

const SDK_TIMEOUT_MS = 3000;

let ready = false;
let platform = 'unknown';
let version = '0';
let startParam: string | undefined;


function setVar(name: string, px: number): void {
  document.documentElement.style.setProperty(name, `${Math.max(0, Math.round(px))}px`);
}

/**
 * --safe-top/--safe-bottom/--safe-left/--safe-right: device safe area plus Telegram's own
 * controls (content safe area). CSS env() is 0 inside Telegram on iOS, so layout uses these.
 */
function bindSafeArea(): void {
  const write = () => {
    const s = viewport.safeAreaInsets();
    const c = viewport.contentSafeAreaInsets();
    setVar('--safe-top', s.top + c.top);
    setVar('--safe-bottom', s.bottom + c.bottom);
    setVar('--safe-left', s.left + c.left);
    setVar('--safe-right', s.right + c.right);
    setVar('--safe-area-top', s.top);
    setVar('--content-safe-top', c.top);
  };
  write();
  viewport.safeAreaInsets.sub(write);
  viewport.contentSafeAreaInsets.sub(write);
}

/** localStorage: what the SDK and this module last wrote on `<html>`, painted before the next open's body (app/paint.ts, whose key this is). */
export const PAINT_KEY = 'zalik.paint';

/** Keeps `<html>`'s style (theme, viewport, safe area) and data-theme for the next open's first paint. */
function rememberPaint(): void {
  const html = document.documentElement;
  const save = () => {
    try {
      localStorage.setItem(PAINT_KEY, JSON.stringify({ style: html.style.cssText, theme: html.dataset.theme }));
    } catch {
      // Storage full or blocked: the next open paints as the first did.
    }
  };
  save();
  new MutationObserver(save).observe(html, { attributes: true, attributeFilter: ['style', 'data-theme'] });
}

function bindColorScheme(): void {
  const write = () => {
    const dark = themeParams.isDark();
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  };
  write();
  themeParams.isDark.sub(write);
}

/**
 * Initialises the SDK against the current launch parameters (real or emulated): theme and
 * viewport CSS variables, safe-area insets, back button, no vertical swipes, fullscreen on
 * mobile clients newer than FULLSCREEN_MIN_VERSION, then tells Telegram the app is ready.
 */
export async function initTelegram(): Promise<void> {
  initSdk();
  const lp = retrieveLaunchParams();
  platform = lp.tgWebAppPlatform;
  version = lp.tgWebAppVersion;

  safe(() => initData.restore());
  startParam = safe(() => initData.startParam()) ?? lp.tgWebAppStartParam ?? undefined;

  safe(() => themeParams.mount());
  safe(() => themeParams.bindCssVars());
  bindColorScheme();
  safe(() => miniApp.mount());
  safe(() => miniApp.bindCssVars());
  safe(() => miniApp.setHeaderColor.ifAvailable('secondary_bg_color'));
  safe(() => miniApp.setBgColor.ifAvailable('secondary_bg_color'));

  try {
    if (viewport.mount.isAvailable()) await viewport.mount({ timeout: SDK_TIMEOUT_MS });
  } catch (err) {
    warnDev('viewport', err);
  }
  safe(() => viewport.bindCssVars());
  bindSafeArea();
  safe(() => viewport.expand.ifAvailable());

  safe(() => backButton.mount.ifAvailable());
  safe(() => swipeBehavior.mount.ifAvailable());
  safe(() => swipeBehavior.disableVertical.ifAvailable());

  if (
    isMobilePlatform(platform) &&
    compareVersions(version, versionString(FULLSCREEN_MIN_VERSION)) > 0 &&
    viewport.requestFullscreen.isAvailable() &&
    !viewport.isFullscreen()
  ) {
    // Not awaited: the first paint must not wait for the client's animation.
    viewport.requestFullscreen({ timeout: SDK_TIMEOUT_MS }).catch((err: unknown) => {
      warnDev('fullscreen', err);
    });
  }

  safe(() => miniApp.ready.ifAvailable());
  rememberPaint();
  ready = true;
}

export function isTelegramReady(): boolean {
  return ready;
}

/** Raw initData string exactly as Telegram signed it (what POST /users/auth needs). */
export function getRawInitData(): string | undefined {
  return safe(() => retrieveRawInitData()) ?? undefined;
}

/** `start_param` of the launch (a referral link carries `ref_<telegramId>`). */
export function getStartParam(): string | undefined {
  return startParam;
}

export interface TelegramUser {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  photoUrl: string;
}

/** The Telegram user from initData (display only; the server decides who the user is). */
export function getTelegramUser(): TelegramUser | undefined {
  const u = safe(() => initData.user());
  if (!u) return undefined;
  return {
    id: String(u.id),
    firstName: u.first_name ?? '',
    lastName: u.last_name ?? '',
    username: u.username ?? '',
    photoUrl: u.photo_url ?? '',
  };
}

export function getPlatform(): string {
  return platform;
}

export function getVersion(): string {
  return version;
}

export function isMobile(): boolean {
  return isMobilePlatform(platform);
}

// --- Back button -----------------------------------------------------------------------------

export function setBackButtonVisible(visible: boolean): void {
  if (visible) safe(() => backButton.show.ifAvailable());
  else safe(() => backButton.hide.ifAvailable());
}

/** Subscribes to back button taps; returns the unsubscribe function. */
export function onBackButton(listener: () => void): () => void {
  const res = safe(() => backButton.onClick.ifAvailable(listener));
  return res && res.ok ? res.data : () => {};
}

// --- Main button -----------------------------------------------------------------------------

export interface MainButtonParams {
  text: string;
  enabled: boolean;
  loading: boolean;
}

/**
 * True inside a real Telegram client that draws the MainButton. The demo in a plain browser
 * emulates the protocol but draws no button, so screens keep their in-page button there.
 */
export function hasMainButton(): boolean {
  // The emulation leaves launch params where a real launch would: its own flag tells them apart.
  if (!ready || safe(() => sessionStorage.getItem(DEMO_FLAG)) === '1') return false;
  return !!safe(() => mainButton.mount.isAvailable());
}

/** Shows Telegram's MainButton with these params; null hides it. */
export function setMainButton(params: MainButtonParams | null): void {
  if (!params) {
    safe(() => mainButton.setParams.ifAvailable({ isVisible: false, isLoaderVisible: false }));
    return;
  }
  safe(() => {
    if (!mainButton.isMounted()) mainButton.mount.ifAvailable();
  });
  safe(() =>
    mainButton.setParams.ifAvailable({
      text: params.text,
      isVisible: true,
      isEnabled: params.enabled && !params.loading,
      isLoaderVisible: params.loading,
    }),
  );
}

/** Subscribes to MainButton taps; returns the unsubscribe function. */
export function onMainButton(listener: () => void): () => void {
  const res = safe(() => mainButton.onClick.ifAvailable(listener));
  return res && res.ok ? res.data : () => {};
}

// --- Haptics ---------------------------------------------------------------------------------

export type ImpactStyle = 'light' | 'medium' | 'heavy' | 'rigid' | 'soft';
export type NotificationType = 'success' | 'warning' | 'error';

export const haptic = {
  impact(style: ImpactStyle = 'light'): void {
    safe(() => hapticFeedback.impactOccurred.ifAvailable(style));
  },
  notification(type: NotificationType): void {
    safe(() => hapticFeedback.notificationOccurred.ifAvailable(type));
  },
  selection(): void {
    safe(() => hapticFeedback.selectionChanged.ifAvailable());
  },
};

// --- Links -----------------------------------------------------------------------------------

/** Opens an external link in the browser (Telegram's in-app browser when available). */
export function openLink(url: string): void {
  const res = safe(() => sdkOpenLink.ifAvailable(url));
  if (res?.ok) return;
  // iOS web views block new windows opened outside a direct tap handler chain: same window there.
  if (platform === 'ios') window.location.assign(url);
  else window.open(url, '_blank', 'noopener');
}

/** Opens a t.me link inside Telegram. */
export function openTelegramLink(url: string): void {
  const res = safe(() => sdkOpenTelegramLink.ifAvailable(url));
  if (!res?.ok) window.open(url, '_blank', 'noopener');
}

/** Opens Telegram's share sheet for a URL. Returns false when not available. */
export function shareUrl(url: string, text?: string): boolean {
  const res = safe(() => shareURL.ifAvailable(url, text));
  return !!res?.ok;
}

// --- Files -----------------------------------------------------------------------------------

/**
 * True when Telegram's native file download (web_app_request_file_download) is used: mobile
 * and web clients from NATIVE_DOWNLOAD_MIN_VERSION on, never the desktop client.
 */
export function canDownloadFileNatively(): boolean {
  if (platform === 'tdesktop') return false;
  if (compareVersions(version, versionString(NATIVE_DOWNLOAD_MIN_VERSION)) < 0) return false;
  return !!safe(() => sdkDownloadFile.isAvailable());
}

/**
 * Downloads a file by its absolute link: Telegram's native download where available,
 * otherwise a hidden frame removed after DOWNLOAD_FRAME_MS. Resolves once the download has
 * been handed over (the native one rejects when the user declines it).
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  if (canDownloadFileNatively()) {
    await sdkDownloadFile(url, fileName);
    return;
  }
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('aria-hidden', 'true');
  frame.src = url;
  document.body.appendChild(frame);
  window.setTimeout(() => frame.remove(), DOWNLOAD_FRAME_MS);
}
