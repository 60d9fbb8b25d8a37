import { createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { JwtClaims, type Role } from '@zalik/contract';

export interface TokenService {
  sign(claims: { sub: string; roles: Role[]; ban: boolean }): Promise<string>;
  /** Resolves to the claims, or to 'expired' / 'invalid'. */
  verify(token: string): Promise<JwtClaims | 'expired' | 'invalid'>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  // A KeyObject made once: given raw bytes, jose imports a new key on every verify.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    async sign({ sub, roles, ban }) {
      return new SignJWT({ roles, ban })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const parsed = JwtClaims.safeParse(payload);
        return parsed.success ? parsed.data : 'invalid';
      } catch (e) {
        return e instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}
