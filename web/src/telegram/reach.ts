/**
 * The SDK's sharing, home-screen, draft-storage and closing calls, apart from sdk.ts: only the
 * screens that share, buy or keep drafts import this, so its code stays out of the first screen's
 * chunk. The SDK itself is one module, though: every SDK component named here counts against the
 * first screen's budget wherever it is imported (hence cloud storage through the raw bridge request).
 */
import {
  addToHomeScreen as sdkAddToHomeScreen,
  checkHomeScreenStatus as sdkCheckHomeScreenStatus,
  closingBehavior,
  request,
  retrieveLaunchParams,
  shareMessage as sdkShareMessage,
  supports,
} from '@tma.js/sdk-react';
import { safe, warnDev } from './safe';

/** How long a request to the client may take (as sdk.ts waits for the viewport). */
const SDK_TIMEOUT_MS = 3000;


// --- Sharing ---------------------------------------------------------------------------------

/** True when the client has Telegram's dialog for sharing a prepared message (Mini Apps 8.0+). */
export function canShareMessage(): boolean {
  return !!safe(() => sdkShareMessage.isAvailable());
}

/**
 * Opens Telegram's dialog to send the bot's prepared message (its id from the API) into a chat
 * the user picks. 'sent' or 'declined' (the user closed the dialog); 'failed' when the client
 * has no such dialog or it could not show the message (expired, unknown): share a link instead.
 */
export async function shareMessage(id: string): Promise<'sent' | 'declined' | 'failed'> {
  if (!canShareMessage()) return 'failed';
  try {
    await sdkShareMessage(id);
    return 'sent';
  } catch (err) {
    warnDev('shareMessage', err);
    return /USER_DECLINED|CANCEL/i.test(String((err as { message?: string })?.message ?? err)) ? 'declined' : 'failed';
  }
}

// --- Home screen -----------------------------------------------------------------------------

/**
 * Offers Telegram's "add to home screen" prompt (Mini Apps 8.0+). False when the client cannot,
 * or says the shortcut is already there (checkHomeScreenStatus, where the client answers it).
 */
export async function offerHomeScreen(): Promise<boolean> {
  if (!safe(() => sdkAddToHomeScreen.isAvailable())) return false;
  if (safe(() => sdkCheckHomeScreenStatus.isAvailable())) {
    try {
      const status = await sdkCheckHomeScreenStatus({ timeout: SDK_TIMEOUT_MS });
      if (status === 'added' || status === 'unsupported') return false;
    } catch (err) {
      // No answer: offer anyway, the client itself ignores a prompt it cannot show.
      warnDev('home screen status', err);
    }
  }
  try {
    sdkAddToHomeScreen();
    return true;
  } catch (err) {
    warnDev('home screen', err);
    return false;
  }
}

// --- Drafts ----------------------------------------------------------------------------------

let nextReq = 0;

/**
 * One call of Telegram's cloud storage (Mini Apps 6.9+), through the bridge's raw request: the
 * SDK's CloudStorage component would put ~1 KB more into the first screen's bundle (the SDK is one module).
 */
async function cloud(method: 'getStorageValues' | 'saveStorageValue' | 'deleteStorageValues', params: object): Promise<unknown> {
  const reqId = `draft${++nextReq}`;
  const answer = (await request('web_app_invoke_custom_method', 'custom_method_invoked', {
    params: { req_id: reqId, method, params },
    capture: (p: { req_id: string }) => p.req_id === reqId,
    timeout: SDK_TIMEOUT_MS,
  })) as { result?: unknown; error?: string };
  if (answer.error) throw new Error(answer.error);
  return answer.result;
}

function hasCloud(): boolean {
  return !!safe(() => supports('web_app_invoke_custom_method', retrieveLaunchParams().tgWebAppVersion));
}

/**
 * Where a half-typed form waits for the next open: Telegram's cloud storage (the user's own,
 * across devices), else the page's localStorage (a plain browser, an old client).
 */
export const draftStore = {
  async get(key: string): Promise<string | null> {
    if (hasCloud()) {
      try {
        const values = (await cloud('getStorageValues', { keys: [key] })) as Record<string, string> | undefined;
        return values?.[key] || null;
      } catch (err) {
        warnDev('draft read', err);
        return null;
      }
    }
    return safe(() => localStorage.getItem(key)) ?? null;
  },
  /** An empty value deletes the draft. */
  async set(key: string, value: string): Promise<void> {
    if (hasCloud()) {
      try {
        await (value ? cloud('saveStorageValue', { key, value }) : cloud('deleteStorageValues', { keys: [key] }));
      } catch (err) {
        // A draft is a convenience: a full or refused store loses it, never the form.
        warnDev('draft write', err);
      }
      return;
    }
    safe(() => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)));
  },
};

// --- Closing ---------------------------------------------------------------------------------

/** While true, Telegram asks before the user closes the app (unsent input on screen). */
export function setCloseConfirmation(on: boolean): void {
  safe(() => {
    if (!closingBehavior.isMounted()) closingBehavior.mount.ifAvailable();
  });
  if (on) safe(() => closingBehavior.enableConfirmation.ifAvailable());
  else safe(() => closingBehavior.disableConfirmation.ifAvailable());
}
