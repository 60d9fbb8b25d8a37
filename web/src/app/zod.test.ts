import { describe, expect, it } from 'vitest';
import './zod';
import { z } from 'zod';
import { config, util } from 'zod/v4/core';

describe('zod in the browser', () => {
  it('runs jitless: no `new Function` probe for the CSP to report, schemas still parse', () => {
    expect(config().jitless).toBe(true);
    const schema = z.object({ telegramId: z.string(), amount: z.number() });
    expect(schema.parse({ telegramId: '1', amount: 2 })).toEqual({ telegramId: '1', amount: 2 });
    expect(schema.safeParse({ telegramId: 1 }).success).toBe(false);
    expect(util.allowsEval.value).toBe(false);
  });
});
