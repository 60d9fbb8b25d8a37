import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRICE_FILTER_MAX } from '@zalik/contract';
import { hideError } from '../../../ui';
import { readFilters, writeFilters } from '../lib/storage';
import { ADMIN, json, mockFetch, type MockRoute, renderRoutes, preloadLazy } from '../../../../test/harness';
import { developer, task, teacher } from '../../../../test/fixtures';
import { tasksRoutes } from '../routes';

vi.mock('../../../ui/Lottie', () => ({ Lottie: () => null }));

const SUBJECT = '7';
const routes = (): MockRoute[] => [
  { path: `/api/v1/teachers/subject/${SUBJECT}`, body: [teacher('10', 'Петренко О. В.'), teacher('11', 'Коваленко Н. С.')] },
  // One task of each teacher: a task belongs to one teacher, so the subject's list never repeats one.
  { path: /^\/api\/v1\/tasks\/teacher\/\d+$/, reply: (call) => json([task({ id: `1${call.pathname.split('/').at(-1)}` })]) },
  { path: `/api/v1/users/developer/${SUBJECT}`, body: [developer('100002', 'dev_demo'), developer('5', 'other_dev')] },
];

afterEach(() => {
  vi.unstubAllGlobals();
  hideError();
});

// The screens are lazy chunks: load them once, so each test renders at once.
beforeAll(() => preloadLazy(tasksRoutes));

describe('choose-teacher', () => {
  it('is a radio group: a tap on another teacher moves the choice, and no error is raised', async () => {
    mockFetch(routes());
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}/choose-teacher`);
    expect(await screen.findByRole('radio', { name: 'Усі викладачі' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Петренко О. В.' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Коваленко Н. С.' }));
    expect(screen.getByRole('radio', { name: 'Петренко О. В.' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Усі викладачі' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Застосувати' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(readFilters(SUBJECT).teacherId).toBe('11');
  });

  it('stores one teacher and goes back to the list, which shows it', async () => {
    mockFetch(routes());
    const { router } = renderRoutes(tasksRoutes, `/list-task/${SUBJECT}`);
    await userEvent.click(await screen.findByRole('link', { name: /Викладач/ }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Коваленко Н. С.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Застосувати' }));
    expect(readFilters(SUBJECT).teacherId).toBe('11');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/list-task/${SUBJECT}`));
    expect(router.state.historyAction).toBe('POP'); // back, not a new entry
    await waitFor(() => expect(screen.getByRole('link', { name: /Викладач/ })).toHaveTextContent('Коваленко Н. С.'));
  });

  it("starts from the stored choice; 'Усі викладачі' means every teacher", async () => {
    mockFetch(routes());
    writeFilters(SUBJECT, { teacherId: '10', price: 50 });
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}/choose-teacher`);
    const petrenko = await screen.findByRole('radio', { name: 'Петренко О. В.' });
    expect(petrenko).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Усі викладачі' }));
    await userEvent.click(screen.getByRole('button', { name: 'Застосувати' }));
    expect(readFilters(SUBJECT)).toMatchObject({ teacherId: null, price: 50 });
  });

  it('offers add and the edit/delete menu to admins only', async () => {
    const api = mockFetch(routes());
    api.on({ method: 'DELETE', path: '/api/v1/teachers/10', body: { ok: true } });
    writeFilters(SUBJECT, { teacherId: '10' });
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}/choose-teacher`, ADMIN);
    const row = await screen.findByRole('radio', { name: 'Петренко О. В.' });
    fireEvent.contextMenu(row);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Видалити' }));
    api.on({ path: `/api/v1/teachers/subject/${SUBJECT}`, body: [teacher('11', 'Коваленко Н. С.')] });
    await userEvent.click(screen.getByRole('button', { name: 'Підтвердити' }));
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Петренко О. В.' })).toBeNull());
    expect(api.endpoints()).toContain('DELETE /api/v1/teachers/10');
    expect(readFilters(SUBJECT).teacherId).toBeNull(); // a deleted teacher is no filter

    fireEvent.contextMenu(screen.getByRole('radio', { name: 'Коваленко Н. С.' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Редагувати' }));
    expect(screen.getByTestId('path')).toHaveTextContent(`/list-task/${SUBJECT}/choose-teacher/edit-teacher?teacherId=11`);
    expect(JSON.parse(screen.getByTestId('state').textContent!).teacher.name).toBe('Коваленко Н. С.');
  });

  it('has no admin controls for students', async () => {
    mockFetch(routes());
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}/choose-teacher`);
    const row = await screen.findByRole('radio', { name: 'Петренко О. В.' });
    expect(screen.queryByRole('button', { name: '+ Додати викладача' })).toBeNull();
    fireEvent.contextMenu(row);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens add-teacher for admins', async () => {
    mockFetch(routes());
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}/choose-teacher`, ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: '+ Додати викладача' }));
    expect(screen.getByTestId('path')).toHaveTextContent(`/list-task/${SUBJECT}/choose-teacher/add-teacher`);
  });
});

describe('choose-creator', () => {
  it('lists the subject’s developers as a radio group and stores one username', async () => {
    mockFetch(routes());
    const { router } = renderRoutes(tasksRoutes, `/list-task/${SUBJECT}/choose-creator`);
    await userEvent.click(await screen.findByRole('radio', { name: /@dev_demo/ }));
    await userEvent.click(screen.getByRole('radio', { name: /@other_dev/ }));
    expect(screen.getByRole('radio', { name: /@dev_demo/ })).not.toBeChecked();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Застосувати' }));
    expect(readFilters(SUBJECT).creator).toBe('other_dev');
    // Opened without a list behind it (a reload): the list replaces the picker.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/list-task/${SUBJECT}`));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('choose-price', () => {
  it('starts at the maximum, stores the slider value with ≥ from the switch', async () => {
    mockFetch(routes());
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}/choose-price`);
    const slider = screen.getByRole('slider');
    expect(slider).toHaveValue(String(PRICE_FILTER_MAX));
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('step', '1');
    fireEvent.change(slider, { target: { value: '180' } });
    await userEvent.click(screen.getByRole('switch', { name: 'Не дешевше за обрану ціну' }));
    expect(screen.getByText('Завдання від 180 грн і дорожчі')).toBeInTheDocument();
    // No reset without a price filter to reset.
    expect(screen.queryByRole('button', { name: 'Будь-яка ціна' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Застосувати' }));
    expect(readFilters(SUBJECT)).toMatchObject({ price: 180, mode: 'ge' });
  });

  it('starts from the stored price and resets it to 0 (no price filter)', async () => {
    mockFetch(routes());
    writeFilters(SUBJECT, { price: 120, mode: 'le' });
    renderRoutes(tasksRoutes, `/list-task/${SUBJECT}/choose-price`);
    expect(screen.getByRole('slider')).toHaveValue('120');
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Будь-яка ціна' }));
    expect(readFilters(SUBJECT).price).toBe(0);
    expect(await screen.findByRole('link', { name: /Ціна/ })).toHaveTextContent('Будь-яка');
  });
});
