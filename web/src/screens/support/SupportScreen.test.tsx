import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG, type Faq } from '@zalik/contract';
import { hideError } from '../../ui';
import { mockFetch, type MockRoute, renderRoutes, STUDENT, preloadLazy } from '../../../test/harness';
import { supportRoutes } from './routes';

vi.mock('../../ui/Lottie', () => ({ Lottie: () => null }));

const FAQ: Faq[] = [
  { id: '1', question: 'Як поповнити гаманець?', answer: 'Карткою Visa або Mastercard.' },
  { id: '2', question: 'Коли прийде відповідь?', answer: 'Автоматичні — одразу.' },
];
const routes = (): MockRoute[] => [
  { path: '/api/v1/faq', body: FAQ },
  { method: 'POST', path: '/api/v1/supports/sent', body: { id: '9', files: 2 } },
];
const file = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: 'application/pdf', lastModified: 1 });
const picker = () => screen.getByTestId('support-files') as HTMLInputElement;
const posts = (api: ReturnType<typeof mockFetch>) => api.calls.filter((c) => c.method === 'POST');

afterEach(() => {
  vi.unstubAllGlobals();
  hideError();
});

// The screens are lazy chunks: load them once, so each test renders at once.
beforeAll(() => preloadLazy(supportRoutes));

describe('support', () => {
  it('shows the FAQ as collapsible questions under the form', async () => {
    mockFetch(routes());
    renderRoutes(supportRoutes, '/settings/support');
    const q = await screen.findByRole('button', { name: 'Як поповнити гаманець?' });
    expect(screen.queryByText('Карткою Visa або Mastercard.')).not.toBeInTheDocument();
    await userEvent.click(q);
    expect(q).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Карткою Visa або Mastercard.')).toBeInTheDocument();
    await userEvent.click(q);
    expect(screen.queryByText('Карткою Visa або Mastercard.')).not.toBeInTheDocument();
  });

  it('takes three files, refuses a fourth, and refuses a file one byte over 5 MB', async () => {
    mockFetch(routes());
    renderRoutes(supportRoutes, '/settings/support');
    await userEvent.upload(picker(), [file('a.pdf'), file('b.pdf', 5242880)]);
    expect(screen.getByText('b.pdf')).toBeInTheDocument();
    await userEvent.upload(picker(), file('big.pdf', 5242881));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.supportFileTooBig);
    expect(screen.queryByText('big.pdf')).not.toBeInTheDocument();

    await userEvent.upload(picker(), file('c.pdf'));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    // Three chosen: the add button is gone; a pick beyond the limit is refused whole.
    expect(screen.queryByRole('button', { name: /Додати/ })).not.toBeInTheDocument();
    hideError();
    await userEvent.upload(picker(), file('d.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.supportTooManyFiles);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Прибрати a.pdf' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Додати ще файл' })).toBeInTheDocument();
  });

  it('clears the file-limit error once the corrected message is sent', async () => {
    mockFetch(routes());
    renderRoutes(supportRoutes, '/settings/support');
    await userEvent.type(screen.getByRole('textbox', { name: 'Повідомлення' }), 'Не відкривається файл');
    await userEvent.upload(picker(), [file('a'), file('b'), file('c'), file('d')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.supportTooManyFiles);
    await userEvent.upload(picker(), [file('a')]);
    await userEvent.click(screen.getByRole('button', { name: 'Відправити' }));
    expect(await screen.findByText('Повідомлення надіслано')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses four files picked at once', async () => {
    mockFetch(routes());
    renderRoutes(supportRoutes, '/settings/support');
    await userEvent.upload(picker(), [file('a'), file('b'), file('c'), file('d')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.supportTooManyFiles);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('needs a Telegram username before sending', async () => {
    const api = mockFetch(routes());
    renderRoutes(supportRoutes, '/settings/support', { ...STUDENT, username: '' });
    expect(screen.getByRole('note')).toHaveTextContent('немає імені користувача');
    await userEvent.type(screen.getByRole('textbox', { name: 'Повідомлення' }), 'Не завантажується файл');
    await userEvent.click(screen.getByRole('button', { name: 'Відправити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.usernameRequired);
    expect(posts(api)).toHaveLength(0);
  });

  it('does not send an empty message', async () => {
    const api = mockFetch(routes());
    renderRoutes(supportRoutes, '/settings/support');
    await userEvent.type(screen.getByRole('textbox', { name: 'Повідомлення' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Відправити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.supportMessageEmpty);
    expect(posts(api)).toHaveLength(0);
  });

  it('sends the message and files as multipart, shows the sending state, then the success message', async () => {
    let release!: () => void;
    const api = mockFetch(routes());
    api.on({ method: 'POST', path: '/api/v1/supports/sent', body: { id: '9', files: 2 }, gate: new Promise<void>((r) => (release = r)) });
    renderRoutes(supportRoutes, '/settings/support');
    await userEvent.type(screen.getByRole('textbox', { name: 'Повідомлення' }), '  Не відкривається файл  ');
    await userEvent.upload(picker(), [file('screen.png'), file('task.pdf')]);
    await userEvent.click(screen.getByRole('button', { name: 'Відправити' }));

    const sending = await screen.findByRole('button', { name: 'Відправляється' });
    expect(sending).toBeDisabled();
    release();
    expect(await screen.findByText('Повідомлення надіслано')).toBeInTheDocument();

    const [post] = posts(api);
    const form = post!.init!.body as FormData;
    expect(form.get('message')).toBe('Не відкривається файл');
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['screen.png', 'task.pdf']);

    await userEvent.click(screen.getByRole('button', { name: 'Написати ще' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Повідомлення' })).toHaveValue(''));
  });

  it("shows the server's message when sending fails and keeps what was typed", async () => {
    const api = mockFetch(routes());
    api.on({ method: 'POST', path: '/api/v1/supports/sent', status: 400, body: { message: MSG.supportFileTooBig } });
    renderRoutes(supportRoutes, '/settings/support');
    await userEvent.type(screen.getByRole('textbox', { name: 'Повідомлення' }), 'Питання');
    await userEvent.click(screen.getByRole('button', { name: 'Відправити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.supportFileTooBig);
    expect(screen.getByRole('textbox', { name: 'Повідомлення' })).toHaveValue('Питання');
  });
});
