import { describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { task } from '../../../../test/fixtures';
import { discountBody, removalBody } from '../discount/payload';
import { editDraftOf, emptyAddDraft } from '../task/draft';
import { createBody, patchBody } from '../task/payload';
import { exactlyOne, nameError, parsePrice } from './validation';

describe('names of subjects, teachers and arguments', () => {
  it.each([
    ['', MSG.subjectName],
    ['   ', MSG.subjectName],
    ['а', null],
    ['а'.repeat(50), null],
    [` ${'а'.repeat(50)} `, null],
    ['а'.repeat(51), MSG.nameLength],
  ])('%j -> %s', (value, expected) => {
    expect(nameError(value, MSG.subjectName)).toBe(expected);
  });
});

describe('price', () => {
  it('takes a positive whole number of UAH only', () => {
    expect(parsePrice('150')).toBe(150);
    expect(parsePrice(' 1 ')).toBe(1);
    for (const bad of ['', '0', '-5', '12.5', 'abc', '99999999']) expect(parsePrice(bad)).toBeNull();
  });
});

describe('pickers', () => {
  it('need exactly one', () => {
    expect(exactlyOne([], MSG.developerOne)).toEqual({ ok: false, message: MSG.developerOne });
    expect(exactlyOne(['1', '2'], MSG.developerOne)).toEqual({ ok: false, message: MSG.developerOne });
    expect(exactlyOne(['1'], MSG.developerOne)).toEqual({ ok: true, value: '1' });
  });
});

describe('POST /tasks/task body', () => {
  const base = { ...emptyAddDraft('7', '10', 'Петренко О. В.'), title: ' Лаба 1 ', price: '150' };

  it('asks for the type and the developer before sending', () => {
    expect(createBody(base)).toEqual({ ok: false, message: MSG.taskTypeInvalid });
    expect(createBody({ ...base, type: 'REGULAR' })).toEqual({ ok: false, message: MSG.developerOne });
    expect(createBody({ ...base, price: '0', type: 'REGULAR' })).toEqual({ ok: false, message: MSG.priceInvalid });
  });

  it('sends the arguments in the chosen order and no identifier for a manual task', () => {
    const checked = createBody({
      ...base,
      type: 'TEST',
      developer: { telegramId: '100002', username: 'dev_demo' },
      args: [
        { id: '3', name: 'Варіант', description: 'Номер' },
        { id: '1', name: 'Група', description: 'Шифр' },
      ],
    });
    expect(checked).toEqual({
      ok: true,
      body: {
        title: 'Лаба 1',
        description: '',
        identifier: '',
        price: 150,
        type: 'TEST',
        developerTelegramId: '100002',
        autoGenerate: false,
        teacherId: '10',
        args: ['3', '1'],
      },
    });
  });
});

describe('PATCH /tasks/{id} body', () => {
  const original = task({ id: '5', title: 'Лаба', description: 'Опис', identifier: '', price: 200, visible: true });

  it('sends "" for every untouched field and the visibility as a boolean', () => {
    expect(patchBody(editDraftOf('7', original))).toEqual({
      ok: true,
      body: { title: '', description: '', identifier: '', price: '', visible: true, developerTelegramId: '', type: '', teacherId: '', identifierId: '' },
    });
  });

  it('sends what changed', () => {
    const draft = { ...editDraftOf('7', original), price: '250', visible: false, developer: { telegramId: '9', username: 'x' } };
    expect(patchBody(draft)).toEqual({
      ok: true,
      body: { title: '', description: '', identifier: '', price: 250, visible: false, developerTelegramId: '9', type: '', teacherId: '', identifierId: '' },
    });
  });

  it('refuses an emptied title or a bad price instead of silently keeping them', () => {
    expect(patchBody({ ...editDraftOf('7', original), title: ' ' })).toEqual({ ok: false, message: MSG.taskTitle });
    expect(patchBody({ ...editDraftOf('7', original), price: '0' })).toEqual({ ok: false, message: MSG.priceInvalid });
  });
});

describe('POST /discounts/discount body', () => {
  it('GLOBAL with no count is unlimited (availableValue null, telegramId null)', () => {
    expect(discountBody({ percent: 25, type: 'GLOBAL', count: '', telegramId: '42' }, '5')).toEqual({
      ok: true,
      body: { type: 'GLOBAL', discountValue: 25, availableValue: null, telegramId: null, taskId: '5', validFrom: null, validTo: null },
    });
  });

  it('LOCAL needs a positive count and a user', () => {
    expect(discountBody({ percent: 10, type: 'LOCAL', count: '', telegramId: '42' }, '5')).toEqual({ ok: false, message: MSG.discountCount });
    expect(discountBody({ percent: 10, type: 'LOCAL', count: '3', telegramId: null }, '5')).toEqual({
      ok: false,
      message: MSG.discountUserRequired,
    });
    expect(discountBody({ percent: 10, type: 'LOCAL', count: '3', telegramId: '42' }, '5')).toEqual({
      ok: true,
      body: { type: 'LOCAL', discountValue: 10, availableValue: 3, telegramId: '42', taskId: '5', validFrom: null, validTo: null },
    });
  });

  it.each(['0', '-2'])('count %s is refused with the spec’s message', (count) => {
    expect(discountBody({ percent: 10, type: 'GLOBAL', count, telegramId: null }, '5')).toEqual({ ok: false, message: MSG.discountCount });
  });

  it('carries the window, refusing one that ends before it starts or has already ended', () => {
    const from = '2030-09-01T00:00:00.000Z';
    const to = '2030-09-08T00:00:00.000Z';
    expect(discountBody({ percent: 10, type: 'GLOBAL', count: '', telegramId: null, validFrom: from, validTo: to }, '5')).toMatchObject({
      ok: true,
      body: { validFrom: from, validTo: to },
    });
    expect(discountBody({ percent: 10, type: 'GLOBAL', count: '', telegramId: null, validFrom: to, validTo: from }, '5')).toEqual({
      ok: false,
      message: MSG.discountWindowOrder,
    });
    expect(discountBody({ percent: 10, type: 'GLOBAL', count: '', telegramId: null, validTo: '2020-01-01T00:00:00.000Z' }, '5')).toEqual({
      ok: false,
      message: MSG.discountWindowPast,
    });
  });

  it('value 0 removes a discount', () => {
    expect(removalBody('GLOBAL', null, '5')).toEqual({
      type: 'GLOBAL', discountValue: 0, availableValue: null, telegramId: null, taskId: '5', validFrom: null, validTo: null,
    });
    expect(removalBody('LOCAL', '42', '5')).toMatchObject({ type: 'LOCAL', discountValue: 0, telegramId: '42' });
  });
});
