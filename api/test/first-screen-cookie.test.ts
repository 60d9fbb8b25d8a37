/**
 * The first-screen cookie (src/http/first-screen-cookie.ts): what it proves and what it
 * refuses. The served HTML itself is checked in the browser (web/e2e/server-render.e2e.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_COOKIE, firstScreenCookie } from '../src/http/first-screen-cookie.js';

const NOW = Date.UTC(2026, 10, 25);
const cookie = firstScreenCookie('a-secret', false);
const valueOf = (setCookie: string) => setCookie.split(';')[0]!;

describe('the first-screen cookie', () => {
  it('reads back the course and the student it was issued for, until it expires', () => {
    const set = cookie.issue({ course: 3, telegramId: 100001 }, NOW);
    expect(set).toMatch(/^zalik_first=3\.100001\.\d+\.[\w-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(cookie.read(`theme=dark; ${valueOf(set)}`, NOW + 1000)).toEqual({ course: 3, telegramId: 100001 });
    expect(cookie.read(valueOf(set), NOW + 31 * 24 * 3600 * 1000)).toBeNull();
  });

  it('refuses a changed course, student or expiry, another key, and anything malformed', () => {
    const value = valueOf(cookie.issue({ course: 1, telegramId: 100001 }, NOW));
    const [, rest] = value.split('=');
    const [course, id, exp, mac] = rest!.split('.');
    for (const forged of [`2.${id}.${exp}.${mac}`, `${course}.100002.${exp}.${mac}`, `${course}.${id}.${Number(exp) + 1}.${mac}`]) {
      expect(cookie.read(`${FIRST_SCREEN_COOKIE}=${forged}`, NOW)).toBeNull();
    }
    expect(firstScreenCookie('another-secret', false).read(value, NOW)).toBeNull();
    for (const junk of [undefined, '', 'zalik_first=', `${FIRST_SCREEN_COOKIE}=5.1.1.${mac}`, `${FIRST_SCREEN_COOKIE}=${rest}x`, `${FIRST_SCREEN_COOKIE}=${rest}.1`]) {
      expect(cookie.read(junk, NOW)).toBeNull();
    }
  });

  it('over https it is the cross-site kind Telegram’s web clients send in their frame; no course yet removes it', () => {
    expect(firstScreenCookie('a-secret', true).issue({ course: 1, telegramId: 7 }, NOW)).toMatch(/; HttpOnly; SameSite=None; Secure; Partitioned$/);
    expect(cookie.issue({ course: 0, telegramId: 7 }, NOW)).toBe(`${FIRST_SCREEN_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  });
});
