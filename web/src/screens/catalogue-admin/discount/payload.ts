import { MSG, type DiscountType } from '@zalik/contract';
import type { DiscountBody } from '../common/api';
import { clampPercent } from '../common/validation';
import { windowProblem } from '../../../lib/discountWindow';

export interface DiscountForm {
  percent: number;
  type: DiscountType;
  /** As typed; '' for GLOBAL means unlimited. */
  count: string;
  /** The chosen user of a LOCAL discount. */
  telegramId: string | null;
  /** The validity window (ISO instants; null: no bound on that side). */
  validFrom?: string | null;
  validTo?: string | null;
}

export type DiscountChecked = { ok: true; body: DiscountBody } | { ok: false; message: string };

/**
 * POST /discounts/discount. The count must be a positive whole number ('Кількість знижок має
 * бути більше 1' otherwise); a GLOBAL discount with no count serves without limit (null).
 */
export function discountBody(form: DiscountForm, taskId: string): DiscountChecked {
  const raw = form.count.trim();
  let count: number | null = null;
  if (raw !== '' || form.type === 'LOCAL') {
    count = /^-?\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(count) || count <= 0) return { ok: false, message: MSG.discountCount };
  }
  if (form.type === 'LOCAL' && !form.telegramId) return { ok: false, message: MSG.discountUserRequired };
  const window = windowProblem(form.validFrom ?? null, form.validTo ?? null);
  if (window) return { ok: false, message: window };
  return {
    ok: true,
    body: {
      type: form.type,
      discountValue: clampPercent(form.percent),
      availableValue: count,
      telegramId: form.type === 'LOCAL' ? form.telegramId : null,
      taskId,
      validFrom: form.validFrom ?? null,
      validTo: form.validTo ?? null,
    },
  };
}


/** `discountValue: 0` removes the task's GLOBAL discount, or one user's LOCAL one. */
export function removalBody(type: DiscountType, telegramId: string | null, taskId: string): DiscountBody {
  return { type, discountValue: 0, availableValue: null, telegramId: type === 'LOCAL' ? telegramId : null, taskId, validFrom: null, validTo: null };
}
