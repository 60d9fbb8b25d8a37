import { describe, expect, it } from 'vitest';
import { deliveredOrder, order } from '../../../test/fixtures';
import { stateLine, studentActions } from './orderState';

const inProgress = order({
  id: '3',
  orderStatus: 'IN_PROGRESS',
  autoGenerate: false,
  files: [],
  fileName: null,
  link: null,
  deadlineAt: '2026-11-23T13:33:00.000Z',
  completedAt: null,
  revisionsLeft: 2,
});

describe("the buyer's actions", () => {
  it('a delivery: accept, a revision while any are left, a dispute', () => {
    expect(studentActions(deliveredOrder({ id: '1' }))).toEqual(['accept', 'revise', 'dispute']);
    expect(studentActions(deliveredOrder({ id: '1', revisionsLeft: 0 }))).toEqual(['accept', 'dispute']);
  });

  it('an undelivered order: nothing before its deadline, a refund after it', () => {
    expect(studentActions(inProgress)).toEqual([]);
    expect(studentActions({ ...inProgress, overdue: true })).toEqual(['cancel']);
    expect(studentActions(inProgress, true)).toEqual(['cancel']);
  });

  it('an auto-generated order: a regeneration while the server allows it', () => {
    expect(studentActions(order({ id: '2', allowedReprocess: true }))).toEqual(['reprocess']);
    expect(studentActions(order({ id: '2' }))).toEqual([]);
  });

  it('nothing for a dispute, a done manual order or a refund', () => {
    expect(studentActions(deliveredOrder({ id: '1', orderStatus: 'DISPUTED', disputeReason: 'Не той варіант' }))).toEqual([]);
    expect(studentActions(deliveredOrder({ id: '1', orderStatus: 'DONE', allowedReprocess: true }))).toEqual([]);
    expect(studentActions({ ...inProgress, orderStatus: 'REFUNDED', overdue: true })).toEqual([]);
  });
});

describe('the state in words', () => {
  it('says until when each side has to act (Kyiv time)', () => {
    expect(stateLine(inProgress, 'buyer')).toEqual({ text: 'Виконати до 23 листопада, 15:33, 2026' });
    expect(stateLine(inProgress, 'buyer', true)).toEqual({ text: 'Строк виконання минув 23 листопада, 15:33, 2026', tone: 'warning' });
    expect(stateLine(deliveredOrder({ id: '1' }), 'buyer')?.text).toBe('Прийміть або попросіть доопрацювання до 26 листопада, 12:00, 2026');
    expect(stateLine(deliveredOrder({ id: '1' }), 'admin')?.text).toBe('Студент перевіряє відповідь до 26 листопада, 12:00, 2026');
  });

  it('says who cancelled a refunded order and what came back', () => {
    const refunded = { ...inProgress, orderStatus: 'REFUNDED' as const, price: 200 };
    expect(stateLine({ ...refunded, cancelledBy: 'DEVELOPER' }, 'buyer')?.text).toBe('Розробник скасував замовлення. 200 грн повернуто на ваш баланс.');
    expect(stateLine({ ...refunded, cancelledBy: 'STUDENT' }, 'buyer')?.text).toBe('Замовлення скасовано після строку виконання. 200 грн повернуто на ваш баланс.');
    expect(stateLine({ ...refunded, cancelledBy: 'ADMIN', disputeOutcome: 'REFUND' }, 'admin')?.text).toBe(
      'Спір вирішено на користь студента. 200 грн повернуто на баланс студента.',
    );
  });
});
