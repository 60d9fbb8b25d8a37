import { SignJWT, jwtVerify, errors } from 'jose';
import { JwtClaims, type Role } from '@zalik/contract';

export interface TokenService {
  sign(claims: { sub: string; roles: Role[]; ban: boolean }): Promise<string>;
  /** Resolves to the claims, or to 'expired' / 'invalid'. */
  verify(token: string): Promise<JwtClaims | 'expired' | 'invalid'>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  // Imported once: given raw bytes (or a KeyObject), jose imports a WebCrypto key on every call.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return {
    async sign({ sub, roles, ban }) {
      return new SignJWT({ roles, ban })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(await key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        const parsed = JwtClaims.safeParse(payload);
        return parsed.success ? parsed.data : 'invalid';
      } catch (e) {
        return e instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}
