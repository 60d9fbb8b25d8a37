import { vi } from 'vitest';

/**
 * The test double of telegram/sdk.ts for the wallet screens: haptics and opened links recorded.
 * `vi.mock('../../telegram/sdk', () => import('./test/sdk-mock'))` (path from the test file).
 */
export const haptic = { impact: vi.fn(), notification: vi.fn(), selection: vi.fn() };
export const openLink = vi.fn((_url: string) => undefined);
export const onBackButton = vi.fn(() => () => {});
export const setBackButtonVisible = vi.fn();
