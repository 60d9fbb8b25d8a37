import { createHmac, timingSafeEqual } from 'node:crypto';
import { EXPORT_KINDS, pathOf, endpoints as ep, type ExportKind, ID_PATTERN } from '@zalik/contract';

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
}

export interface SignedExport extends ExportRequest {
  exp: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The file name the accountant gets: `zalik-transfers-2026-11-01_2026-11-30.csv`. */
export const exportFileName = (r: Pick<ExportRequest, 'kind' | 'from' | 'to'>) => `zalik-${r.kind}-${r.from}_${r.to}.csv`;

export function createExportLinks(jwtSecret: string, publicUrl: string) {
  // A key of its own, derived from JWT_SECRET: a leaked link tells nothing about tokens or file links.
  const key = createHmac('sha256', jwtSecret).update('zalik:export-links:v1').digest();
  const signature = (s: SignedExport) => createHmac('sha256', key).update(`${s.kind}|${s.from}|${s.to}|${s.by}|${s.exp}`).digest('base64url');

  return {
    link(r: ExportRequest, nowMs = Date.now()): string {
      const signed = { ...r, exp: Math.floor(nowMs / 1000) + EXPORT_LINK_TTL_SECONDS };
      const query = new URLSearchParams({ from: r.from, to: r.to, by: String(r.by), exp: String(signed.exp), sig: signature(signed) });
      return `${publicUrl}${pathOf(ep.downloadExport, { kind: r.kind })}?${query}`;
    },

    /** The export a link names, when the link is ours, well formed and not expired; else null. */
    verify(kind: string, q: { from?: string; to?: string; by?: string; exp?: string; sig?: string }, nowMs = Date.now()): ExportRequest | null {
      const { from = '', to = '', by = '', exp = '', sig = '' } = q;
      if (!(EXPORT_KINDS as readonly string[]).includes(kind) || !DATE.test(from) || !DATE.test(to)) return null;
      if (!ID_PATTERN.test(by) || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= nowMs) return null;
      const signed: SignedExport = { kind: kind as ExportKind, from, to, by: Number(by), exp: Number(exp) };
      const expected = Buffer.from(signature(signed));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return { kind: signed.kind, from, to, by: signed.by };
    },
  };
}
export type ExportLinks = ReturnType<typeof createExportLinks>;
