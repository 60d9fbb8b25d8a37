import { createHmac, timingSafeEqual } from 'node:crypto';
import { AUDIT_ACTIONS, EXPORT_KINDS, pathOf, endpoints as ep, type AuditAction, type ExportKind, ID_PATTERN } from '@zalik/contract';

/**
 * How long an export link works. Telegram's downloadFile (and the hidden frame elsewhere)
 * fetch the file without our bearer token, so the link itself is the permission: short, made
 * only for an admin, and naming that admin, who must still be one when it is used.
 */
export const EXPORT_LINK_TTL_SECONDS = 600;

export interface ExportRequest {
  kind: ExportKind;
  from: string;
  to: string;
  /** The admin the link was made for. */
  by: number;
  /** The audit export's filters (signed with the rest, so a link cannot be widened). */
  filters?: ExportFilters;
}

export interface ExportFilters {
  adminId?: string;
  action?: AuditAction;
  userId?: string;
}

const FILTER_NAMES = ['adminId', 'action', 'userId'] as const;
/** The filters as one canonical string for the signature: the same filters always sign the same. */
const canonical = (f: ExportFilters = {}) => FILTER_NAMES.map((k) => `${k}=${f[k] ?? ''}`).join('&');

export interface SignedExport extends ExportRequest {
  exp: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The file name the accountant gets: `zalik-transfers-2026-11-01_2026-11-30.csv`. */
export const exportFileName = (r: Pick<ExportRequest, 'kind' | 'from' | 'to'>) => `zalik-${r.kind}-${r.from}_${r.to}.csv`;

export function createExportLinks(jwtSecret: string, publicUrl: string) {
  // A key of its own, derived from JWT_SECRET: a leaked link tells nothing about tokens or file links.
  const key = createHmac('sha256', jwtSecret).update('zalik:export-links:v1').digest();
  const signature = (s: SignedExport) =>
    createHmac('sha256', key).update(`${s.kind}|${s.from}|${s.to}|${s.by}|${s.exp}|${canonical(s.filters)}`).digest('base64url');

  return {
    link(r: ExportRequest, nowMs = Date.now()): string {
      const signed = { ...r, exp: Math.floor(nowMs / 1000) + EXPORT_LINK_TTL_SECONDS };
      const query = new URLSearchParams({ from: r.from, to: r.to, by: String(r.by), exp: String(signed.exp), sig: signature(signed) });
      for (const k of FILTER_NAMES) if (r.filters?.[k]) query.set(k, r.filters[k]);
      return `${publicUrl}${pathOf(ep.downloadExport, { kind: r.kind })}?${query}`;
    },

    /** The export a link names, when the link is ours, well formed and not expired; else null. */
    verify(
      kind: string,
      q: { from?: string; to?: string; by?: string; exp?: string; sig?: string; adminId?: string; action?: string; userId?: string },
      nowMs = Date.now(),
    ): ExportRequest | null {
      const { from = '', to = '', by = '', exp = '', sig = '' } = q;
      if (!(EXPORT_KINDS as readonly string[]).includes(kind) || !DATE.test(from) || !DATE.test(to)) return null;
      if (!ID_PATTERN.test(by) || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= nowMs) return null;
      if ((q.adminId && !ID_PATTERN.test(q.adminId)) || (q.userId && !ID_PATTERN.test(q.userId))) return null;
      if (q.action && !(AUDIT_ACTIONS as readonly string[]).includes(q.action)) return null;
      const filters: ExportFilters = {
        ...(q.adminId ? { adminId: q.adminId } : {}),
        ...(q.action ? { action: q.action as AuditAction } : {}),
        ...(q.userId ? { userId: q.userId } : {}),
      };
      const signed: SignedExport = { kind: kind as ExportKind, from, to, by: Number(by), exp: Number(exp), filters };
      const expected = Buffer.from(signature(signed));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return { kind: signed.kind, from, to, by: signed.by, filters };
    },
  };
}
export type ExportLinks = ReturnType<typeof createExportLinks>;
