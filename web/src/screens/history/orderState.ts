import { MSG, ORDER_STATUS_LABELS, formatUah, type HistoryItem } from '@zalik/contract';
import { formatDate } from '../../lib/date';

export const STATUS_LABEL = ORDER_STATUS_LABELS;

/** What the buyer may do with an order now; the server checks the same rules again. */
export type StudentAction = 'accept' | 'revise' | 'dispute' | 'cancel' | 'reprocess';

/**
 * The buyer's actions, in the order the card shows them. `overdue` is the server's flag or the
 * deadline having passed since the list was read (the card re-renders when it does).
 */
export function studentActions(item: HistoryItem, overdue = item.overdue): StudentAction[] {
  switch (item.orderStatus) {
    case 'DELIVERED':
      return item.revisionsLeft > 0 ? ['accept', 'revise', 'dispute'] : ['accept', 'dispute'];
    case 'IN_PROGRESS':
      return overdue ? ['cancel'] : [];
    case 'DONE':
      return item.autoGenerate && item.allowedReprocess ? ['reprocess'] : [];
    default:
      return [];
  }
}

/** A line of the card under the subject: the deadline, the acceptance window, the outcome. */
export interface StateLine {
  text: string;
  tone?: 'warning' | 'success';
}

/** Who reads the card: the buyer, or an admin looking at a user's history. */
export type Viewer = 'buyer' | 'admin';

const refundLine = (item: HistoryItem, viewer: Viewer): string => {
  const back = item.price > 0 ? `${formatUah(item.price)} повернуто ${viewer === 'buyer' ? 'на ваш баланс' : 'на баланс студента'}.` : '';
  const who: string =
    item.cancelledBy === 'STUDENT'
      ? 'Замовлення скасовано після строку виконання.'
      : item.cancelledBy === 'DEVELOPER'
        ? 'Розробник скасував замовлення.'
        : item.cancelledBy === 'SYSTEM'
          ? 'Розробник не виконав замовлення вчасно: його скасовано автоматично.'
          : item.disputeOutcome === 'REFUND'
            ? 'Спір вирішено на користь студента.'
            : 'Адміністратор скасував замовлення.';
  return [who, back].filter(Boolean).join(' ');
};

/** The state in words, with the moment that matters for it (null when nothing is due). */
export function stateLine(item: HistoryItem, viewer: Viewer, overdue = item.overdue): StateLine | null {
  switch (item.orderStatus) {
    case 'IN_PROGRESS':
      if (!item.deadlineAt) return null;
      return overdue
        ? { text: `Строк виконання минув ${formatDate(item.deadlineAt)}`, tone: 'warning' }
        : { text: MSG.orderDeadline(formatDate(item.deadlineAt)) };
    case 'DELIVERED':
      if (!item.acceptUntil) return null;
      return {
        text:
          viewer === 'buyer'
            ? `Прийміть або попросіть доопрацювання до ${formatDate(item.acceptUntil)}`
            : `Студент перевіряє відповідь до ${formatDate(item.acceptUntil)}`,
      };
    case 'DISPUTED':
      return { text: 'Відкрито спір: адміністратор ухвалить рішення, а доти кошти заморожені.' };
    case 'DONE':
      if (item.autoGenerate) return null;
      if (item.disputeOutcome === 'RELEASE') return { text: 'Спір вирішено на користь розробника.', tone: 'success' };
      return { text: item.price > 0 ? 'Замовлення завершено: кошти передано розробнику.' : 'Замовлення завершено.', tone: 'success' };
    case 'REFUNDED':
      return { text: refundLine(item, viewer) };
  }
}

/**
 * Where the buyer's money is while escrow holds it: until her acceptance (and the developer's
 * deadline), or until the acceptance window ends and it goes to the developer by itself; a refund
 * brings it back to her balance. null for anything not held (free takes, finished orders) and
 * for an admin (the state line says enough).
 */
export function heldLine(item: HistoryItem, viewer: Viewer): string | null {
  if (viewer !== 'buyer' || item.price <= 0 || item.autoGenerate) return null;
  // The state line above names the deadline or the window's end; this says what happens to the money.
  if (item.orderStatus === 'IN_PROGRESS') return MSG.heldInProgress(formatUah(item.price));
  if (item.orderStatus === 'DELIVERED' && item.acceptUntil) return MSG.heldDelivered(formatUah(item.price));
  return null;
}
