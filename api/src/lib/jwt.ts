import { SignJWT, jwtVerify, errors } from 'jose';
import { JwtClaims, type Role } from '@zalik/contract';

export interface TokenService {
  /** `courseNumber`: the course at sign-in (the newest client reads it); left out by tools that sign for tests and benches. */
  sign(claims: { sub: string; roles: Role[]; ban: boolean; courseNumber?: number }): Promise<string>;
  /** Resolves to the claims, or to 'expired' / 'invalid'. */
  verify(token: string): Promise<JwtClaims | 'expired' | 'invalid'>;
}

/** Tokens whose signature this process has checked; past this many it starts again. */
const VERIFIED_MAX = 10_000;

/**
 * A token must say when it ends, and live no longer than JWT_TTL from its issue: one signed
 * without `exp` (or with a far one, by a leaked secret's holder or an older build) would
 * otherwise open a session for ever, past any ban the token's claims carry.
 */
function withinLifetime(claims: JwtClaims, ttlSeconds: number): boolean {
  if (claims.exp === undefined || claims.iat === undefined) return false;
  return claims.exp - claims.iat <= ttlSeconds && claims.iat <= Math.floor(Date.now() / 1000) + CLOCK_SKEW_S;
}

/** Instances' clocks may differ by this much when one signs and another verifies. */
const CLOCK_SKEW_S = 60;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  // Imported once: given raw bytes (or a KeyObject), jose imports a WebCrypto key on every call.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // A token is sent with every call of a session: its signature (a WebCrypto HMAC, a tenth of
  // a warm request's CPU) is checked the first time only. Keyed by the whole token, signature
  // included, so only the exact bytes that verified are let through; expiry is checked each
  // time as jose does (exp <= now is expired).
  const verified = new Map<string, JwtClaims>();
  return {
    async sign({ sub, roles, ban, courseNumber }) {
      // One reading of the clock for both: read twice, a second could pass between them and
      // the token would live ttl + 1 s, which verify refuses.
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ roles, ban, ...(courseNumber === undefined ? {} : { courseNumber }) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(await key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return known.exp !== undefined && known.exp <= Math.floor(Date.now() / 1000) ? 'expired' : known;
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat'] });
        const parsed = JwtClaims.safeParse(payload);
        if (!parsed.success || !withinLifetime(parsed.data, ttlSeconds)) return 'invalid';
        if (verified.size >= VERIFIED_MAX) verified.clear();
        verified.set(token, parsed.data);
        return parsed.data;
      } catch (e) {
        return e instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}
