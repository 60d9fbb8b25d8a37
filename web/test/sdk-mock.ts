import { vi } from 'vitest';

/**
 * The test double of telegram/sdk.ts: every call recorded, nothing sent anywhere. In a test file:
 * `vi.mock('<path to>/telegram/sdk', () => import('<path to>/test/sdk-mock'))`, then assert on
 * e.g. `haptic.notification` or `downloadFile` imported from this module.
 */
export const haptic = { impact: vi.fn(), notification: vi.fn(), selection: vi.fn() };
export const downloadFile = vi.fn((_link: string, _fileName: string) => Promise.resolve());
export const openLink = vi.fn((_url: string) => undefined);
export const openTelegramLink = vi.fn((_url: string) => undefined);
export const shareUrl = vi.fn((_url: string, _text?: string) => false);
export const onBackButton = vi.fn((_listener: () => void) => () => {});
export const setBackButtonVisible = vi.fn((_visible: boolean) => undefined);
export const getTelegramUser = vi.fn(() => undefined);
export const getRawInitData = vi.fn(() => undefined);
export const getStartParam = vi.fn(() => undefined);
export const isMobile = vi.fn(() => true);
export const canDownloadFileNatively = vi.fn(() => true);
export const hasMainButton = vi.fn(() => false);
export const setMainButton = vi.fn((_params: { text: string; enabled: boolean; loading: boolean } | null) => undefined);
export const onMainButton = vi.fn((_listener: () => void) => () => {});
/** telegram/invoice.ts's one call: `vi.mock('<path to>/telegram/invoice', () => import('<path to>/test/sdk-mock'))`. */
export const openInvoice = vi.fn((_url: string) => Promise.resolve<'paid' | 'cancelled' | 'failed' | 'pending'>('paid'));
export const canShareMessage = vi.fn(() => false);
export const shareMessage = vi.fn((_id: string) => Promise.resolve<'sent' | 'declined' | 'failed'>('sent'));
export const offerHomeScreen = vi.fn(() => Promise.resolve(true));
export const setCloseConfirmation = vi.fn((_on: boolean) => undefined);
/** Telegram's storage: a map per test file (`draftStore.clear()` between tests when it matters). */
const drafts = new Map<string, string>();
export const draftStore = {
  get: vi.fn((key: string) => Promise.resolve(drafts.get(key) ?? null)),
  set: vi.fn((key: string, value: string) => {
    if (value) drafts.set(key, value);
    else drafts.delete(key);
    return Promise.resolve();
  }),
  clear: () => drafts.clear(),
};
