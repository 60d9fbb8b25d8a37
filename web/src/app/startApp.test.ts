import { describe, expect, it } from 'vitest';
import { startAppPath } from './startApp';

describe('startAppPath', () => {
  it('opens an order’s thread for `thread_<id>` and nothing for other parameters', () => {
    expect(startAppPath('thread_42')).toBe('/settings/chat/42');
    for (const p of [undefined, '', 'ref_100001', 'thread_', 'thread_42x', 'thread_../x']) expect(startAppPath(p)).toBeNull();
  });
});
