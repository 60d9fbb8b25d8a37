import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { createTokenService } from '../src/lib/jwt.js';

afterEach(() => vi.useRealTimers());

describe('session tokens', () => {
  const claims = { sub: '100001', roles: ['ROLE_USER' as const], ban: false, courseNumber: 2 };

  it('verify to their claims on every call of a session, until they expire', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
    const tokens = createTokenService('a-secret-a-secret-a-secret-a-secret', 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toMatchObject(claims);
    vi.setSystemTime(new Date('2026-11-23T12:00:59Z'));
    expect(await tokens.verify(token)).toMatchObject(claims);
    vi.setSystemTime(new Date('2026-11-23T12:01:00Z'));
    expect(await tokens.verify(token)).toBe('expired');
    // A fresh service (another instance) agrees: jose's own check.
    expect(await createTokenService('a-secret-a-secret-a-secret-a-secret', 60).verify(token)).toBe('expired');
  });

  it('are accepted when a second passes while one is signed (iat and exp from one reading of the clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00.999Z'));
    // The next reading of Date.now() is already in the next second.
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-23T12:00:01.000Z'));
    const tokens = createTokenService('a-secret-a-secret-a-secret-a-secret', 60);
    const token = await tokens.sign(claims);
    const { iat, exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
    expect(exp - iat).toBe(60);
    vi.restoreAllMocks();
    expect(await createTokenService('a-secret-a-secret-a-secret-a-secret', 60).verify(token)).toMatchObject(claims);
  });

  it('refuse a token whose signature or payload was changed, also after the real one was accepted', async () => {
    const tokens = createTokenService('a-secret-a-secret-a-secret-a-secret', 3600);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toMatchObject(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBe('invalid');
    const admin = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), roles: ['ROLE_ADMIN'] })).toString('base64url');
    expect(await tokens.verify(`${header}.${admin}.${signature}`)).toBe('invalid');
    expect(await createTokenService('another-secret-another-secret-another', 3600).verify(token)).toBe('invalid');
  });
});

describe('tokens signed with the right secret but the wrong lifetime', () => {
  const secret = 'a-secret-a-secret-a-secret-a-secret';
  const sign = async (build: (jwt: SignJWT) => SignJWT) =>
    build(new SignJWT({ roles: ['ROLE_USER'], ban: false }).setProtectedHeader({ alg: 'HS256' }).setSubject('100001')).sign(new TextEncoder().encode(secret));
  const now = () => Math.floor(Date.now() / 1000);

  it('are refused without exp, without iat, or living longer than JWT_TTL', async () => {
    const tokens = createTokenService(secret, 3600);
    expect(await tokens.verify(await sign((t) => t.setIssuedAt()))).toBe('invalid');
    expect(await tokens.verify(await sign((t) => t.setExpirationTime(now() + 60)))).toBe('invalid');
    expect(await tokens.verify(await sign((t) => t.setIssuedAt().setExpirationTime(now() + 3601)))).toBe('invalid');
    expect(await tokens.verify(await sign((t) => t.setIssuedAt(now() + 600).setExpirationTime(now() + 900)))).toBe('invalid');
    expect(await tokens.verify(await sign((t) => t.setIssuedAt().setExpirationTime(now() + 3600)))).toMatchObject({ sub: '100001' });
  });
});
