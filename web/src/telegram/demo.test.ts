import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATH } from '../api/auth';
import { takeEarly } from '../api/early';
import { startEarly } from '../app/early';
import { closeDemoBank, closeDemoInvoice, getDemoState, startDemo } from './demo';
import { openInvoice } from './invoice';
import { initTelegram, openLink } from './sdk';

const PERSONAS = [
  { telegramId: '100001', username: 'student_demo', firstName: 'Олена', role: 'ROLE_USER' },
  { telegramId: '100003', username: 'admin_demo', firstName: 'Ірина', role: 'ROLE_ADMIN' },
];
const SIGN_IN = { jwt: 'header.payload.sig', courseNumber: 2 };
/** Shaped like the server's signed initData (the emulation parses it). */
const signed = (id: string) =>
  new URLSearchParams({ user: JSON.stringify({ id: Number(id), first_name: 'Ірина' }), auth_date: '1700000000', signature: 's', hash: 'h' }).toString();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const sent = () => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}`);

beforeEach(() => {
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/dev/personas') return json(PERSONAS);
    const { telegramId, signIn } = JSON.parse(String(init?.body)) as { telegramId: string; signIn?: boolean };
    return json({ initData: signed(telegramId), ...(signIn ? { auth: SIGN_IN } : {}) });
  });
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/?persona=100003');
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__zalikEarly;
});

describe('demo start (telegram/demo.ts)', () => {
  it("takes the early personas and init-data, and hands the init-data's sign-in to the app's sign-in", async () => {
    window.__zalikEarly = startEarly();
    const started = await startDemo();
    expect(started).toMatchObject({ ok: true, state: { persona: { telegramId: '100003' } } });
    // Nothing asked twice; no sign-in of its own either.
    expect(sent().filter((s) => s.startsWith('POST') || s.includes('/api/dev/'))).toEqual(['GET /api/dev/personas', 'POST /api/dev/init-data']);
    const answer = takeEarly('POST', AUTH_PATH, JSON.stringify(signed('100003')));
    await expect(answer?.then((r) => r.json())).resolves.toEqual(SIGN_IN);
    expect(takeEarly('POST', AUTH_PATH, JSON.stringify(signed('100003')))).toBeUndefined();
  });

  it('without the early script, asks for the same sign-in itself', async () => {
    await startDemo();
    expect(sent()).toEqual(['GET /api/dev/personas', 'POST /api/dev/init-data']);
    expect(JSON.parse(String((fetchMock.mock.calls[1]![1] as RequestInit).body))).toEqual({ telegramId: '100003', signIn: true });
    expect(takeEarly('POST', AUTH_PATH, JSON.stringify(signed('100003')))).toBeDefined();
  });

  it('parks nothing when the answer carries no sign-in: the app signs in itself', async () => {
    fetchMock.mockImplementation(async (url: string) => (url === '/api/dev/personas' ? json(PERSONAS) : json({ initData: signed('100003') })));
    await startDemo();
    expect(takeEarly('POST', AUTH_PATH, JSON.stringify(signed('100003')))).toBeUndefined();
  });
});

describe("the emulated client's payments (app/DemoPayments.tsx shows them)", () => {
  it('shows a Stars invoice the app opens and tells the app how its sheet closed, as Telegram does', async () => {
    await startDemo();
    await initTelegram();
    const outcome = openInvoice('https://t.me/$zalikSlug41');
    await vi.waitFor(() => expect(getDemoState()?.invoice).toEqual({ slug: 'zalikSlug41' }));
    closeDemoInvoice('paid');
    await expect(outcome).resolves.toBe('paid');
    expect(getDemoState()?.invoice).toBeNull();
  });

  it("shows the bank's jar page instead of opening a real bank; other links open as before", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await startDemo();
    await initTelegram();
    openLink('https://send.monobank.ua/jar/zalikjar?a=100&t=ZLK-7F3K2');
    await vi.waitFor(() => expect(getDemoState()?.bankLink).toBe('https://send.monobank.ua/jar/zalikjar?a=100&t=ZLK-7F3K2'));
    expect(open).not.toHaveBeenCalled();
    closeDemoBank();
    expect(getDemoState()?.bankLink).toBeNull();
    openLink('https://example.com/');
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('https://example.com/', '_blank', 'noopener'));
  });
});
