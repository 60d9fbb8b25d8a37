import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOffline, markOffline, markOnline } from './network';

afterEach(() => {
  vi.restoreAllMocks();
  markOnline();
});

describe('the offline state', () => {
  it('a late answer does not call an offline phone online', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(isOffline()).toBe(true);
    markOnline();
    expect(isOffline()).toBe(true);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(isOffline()).toBe(false);
  });

  it('a read that did not reach the server marks it offline, and the next answer online again', () => {
    markOffline();
    expect(isOffline()).toBe(true);
    markOnline();
    expect(isOffline()).toBe(false);
  });
});
