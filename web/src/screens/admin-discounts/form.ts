import { MSG, type DiscountListItem, type DiscountType } from '@zalik/contract';
import { windowProblem } from '../../lib/discountWindow';
import type { BulkBody, DiscountChange } from './api';

/** A count as typed: '' is no limit (null), anything else must be a positive whole number. */
function countOf(raw: string, type: DiscountType): { ok: true; count: number | null } | { ok: false; message: string } {
  const t = raw.trim();
  if (t === '') return type === 'GLOBAL' ? { ok: true, count: null } : { ok: false, message: MSG.discountCount };
  const n = /^-?\d+$/.test(t) ? Number(t) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? { ok: true, count: n } : { ok: false, message: MSG.discountCount };
}

export interface EditValues {
  percent: number;
  count: string;
  validFrom: string | null;
  validTo: string | null;
}

/** `PATCH /discounts/{id}`: only what changed, so an untouched past end is not refused as newly set. */
export function changeOf(d: DiscountListItem, v: EditValues): { ok: true; change: DiscountChange } | { ok: false; message: string } {
  const count = countOf(v.count, d.type);
  if (!count.ok) return count;
  const endSet = v.validTo !== d.validTo;
  const problem = windowProblem(v.validFrom, v.validTo, endSet);
  if (problem) return { ok: false, message: problem };
  const change: DiscountChange = {};
  if (v.percent !== d.discountValue) change.discountValue = v.percent;
  if (count.count !== d.availableValue) change.availableValue = count.count;
  if (v.validFrom !== d.validFrom) change.validFrom = v.validFrom;
  if (endSet) change.validTo = v.validTo;
  return { ok: true, change };
}

export interface CreateValues extends Omit<EditValues, 'percent'> {
  type: DiscountType;
  percent: number;
  taskIds: string[];
  telegramIds: string[];
}

/** `POST /discounts/bulk`, checked as the server checks it, so a plain mistake needs no round trip. */
export function bulkBodyOf(v: CreateValues): { ok: true; body: BulkBody } | { ok: false; message: string } {
  if (v.taskIds.length === 0) return { ok: false, message: MSG.discountTasksRequired };
  if (v.type === 'LOCAL' && v.telegramIds.length === 0) return { ok: false, message: MSG.discountUserRequired };
  const count = countOf(v.count, v.type);
  if (!count.ok) return count;
  const problem = windowProblem(v.validFrom, v.validTo);
  if (problem) return { ok: false, message: problem };
  return {
    ok: true,
    body: {
      type: v.type,
      discountValue: v.percent,
      availableValue: count.count,
      taskIds: v.taskIds,
      telegramIds: v.type === 'LOCAL' ? v.telegramIds : [],
      validFrom: v.validFrom,
      validTo: v.validTo,
    },
  };
}
