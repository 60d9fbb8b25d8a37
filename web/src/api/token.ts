import type { JwtClaims } from '@zalik/contract';

/** Where the session token lives between launches (the spec keeps it in local storage). */
export const TOKEN_KEY = 'zalik.jwt';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(jwt: string): void {
  localStorage.setItem(TOKEN_KEY, jwt);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

/**
 * The user's course as the last sign-in said, kept between launches so the next launch can
 * ask for that course's subjects while it signs in (app/early.ts). A hint for speed only: the
 * app shows the course the fresh sign-in answers.
 */
export const COURSE_KEY = 'zalik.course';

export function rememberCourse(course: number): void {
  try {
    localStorage.setItem(COURSE_KEY, String(course));
  } catch {
    // Storage full or blocked: the next launch just waits for its sign-in.
  }
}

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The token's claims, read without verifying (the server verifies; the UI only uses roles and
 * the ban flag to decide what to show). Null for anything that is not a JWT.
 */
export function decodeClaims(jwt: string | null): JwtClaims | null {
  const payload = jwt?.split('.')[1];
  if (!payload) return null;
  try {
    const c = JSON.parse(base64UrlDecode(payload)) as Partial<JwtClaims>;
    if (typeof c.sub !== 'string' || !Array.isArray(c.roles)) return null;
    return { sub: c.sub, roles: c.roles, ban: c.ban === true, iat: c.iat, exp: c.exp };
  } catch {
    return null;
  }
}
