import { vi } from 'vitest';

/**
 * The test double of telegram/sdk.ts: haptics and downloads recorded, nothing else.
 * `vi.mock('../../telegram/sdk', () => import('../buying/sdk-mock'))` in a test file.
 */
export const haptic = { impact: vi.fn(), notification: vi.fn(), selection: vi.fn() };
export const downloadFile = vi.fn((_link: string, _fileName: string) => Promise.resolve());
export const onBackButton = vi.fn(() => () => {});
export const setBackButtonVisible = vi.fn();
export const getTelegramUser = vi.fn(() => undefined);
