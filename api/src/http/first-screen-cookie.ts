/**
 * The first-screen cookie: set at sign-in (and when the course changes), it lets the server
 * render a returning student's subject list into index.html (plugins/first-screen.ts), so the
 * list is on screen before the app's JavaScript has arrived.
 *
 * The subject list is for signed-in users only (`access: 'user'`), so a bare course number
 * would not do: anyone could send one. The value is `<course>.<telegramId>.<exp>.<mac>`, an
 * HMAC under a key derived from the JWT secret, so it proves that this browser signed in as
 * that user; the server still loads the user (ban, roles) and the maintenance switch on every
 * render, as for any API call, and the course is only a hint the app checks against its own
 * sign-in. It opens nothing else: the API itself reads no cookie.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { COURSES, type CourseNumber } from '@zalik/contract';
import type { Config } from '../config.js';

export const FIRST_SCREEN_COOKIE = 'zalik_first';
/** A student who comes back within this long gets the list in the HTML; every sign-in renews it. */
const MAX_AGE_S = 30 * 24 * 3600;

export interface FirstScreenClaim {
  course: number;
  telegramId: number;
}

export interface FirstScreenCookie {
  /** The Set-Cookie header value for this student; one that removes the cookie while no course is chosen. */
  issue(claim: FirstScreenClaim, now?: number): string;
  /** The claim of a well-formed, correctly signed, unexpired cookie header; null otherwise. */
  read(cookieHeader: string | undefined, now?: number): FirstScreenClaim | null;
}

/**
 * `secure`: the app is served over https. Inside Telegram's web clients the app is a
 * cross-site frame, where only a `SameSite=None; Secure` cookie is sent (partitioned by the
 * top-level site, CHIPS); the mobile clients open it as a top-level page. The local demo on
 * plain http gets `SameSite=Lax` (None requires Secure).
 */
export function firstScreenCookie(jwtSecret: string, secure: boolean): FirstScreenCookie {
  const key = createHmac('sha256', jwtSecret).update('zalik first-screen cookie').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const attributes = secure ? 'SameSite=None; Secure; Partitioned' : 'SameSite=Lax';
  return {
    issue({ course, telegramId }, now = Date.now()) {
      if (!COURSES.includes(course as CourseNumber)) return `${FIRST_SCREEN_COOKIE}=; Path=/; Max-Age=0; HttpOnly; ${attributes}`;
      const payload = `${course}.${telegramId}.${Math.floor(now / 1000) + MAX_AGE_S}`;
      return `${FIRST_SCREEN_COOKIE}=${payload}.${mac(payload)}; Path=/; Max-Age=${MAX_AGE_S}; HttpOnly; ${attributes}`;
    },
    read(header, now = Date.now()) {
      const value = header
        ?.split(';')
        .map((c) => c.trim())
        .find((c) => c.startsWith(`${FIRST_SCREEN_COOKIE}=`))
        ?.slice(FIRST_SCREEN_COOKIE.length + 1);
      const m = value ? /^([1-4])\.([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
      if (!m) return null;
      const [, course, telegramId, exp, given] = m;
      const expected = Buffer.from(mac(`${course}.${telegramId}.${exp}`));
      if (!timingSafeEqual(expected, Buffer.from(given!))) return null;
      if (Number(exp) <= Math.floor(now / 1000) || !Number.isSafeInteger(Number(telegramId))) return null;
      return { course: Number(course), telegramId: Number(telegramId) };
    },
  };
}

/** The app's cookie: https decided by where the app is served (PUBLIC_URL). */
export const firstScreenCookieOf = (config: Pick<Config, 'jwtSecret' | 'publicUrl'>) => firstScreenCookie(config.jwtSecret, config.publicUrl.startsWith('https:'));
