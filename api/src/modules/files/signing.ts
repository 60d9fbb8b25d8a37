import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a download link works. Short, because whoever holds it can download without a token. */
export const FILE_LINK_TTL_SECONDS = 3600;
/**
 * Expiry is rounded up to this step, so the same file asked for twice within a few minutes
 * gets the same link (an idempotent retry answers exactly what the first call answered).
 */
const EXPIRY_STEP_SECONDS = 300;

export interface FileLinks {
  /**
   * Absolute signed URL of an order file (`/api/v1/files/{id}?exp=&sig=`). A `staff` link (for
   * admins and the order's developer, `&for=staff`, signed with it) keeps working after the
   * order is refunded; the buyer's does not.
   */
  link(fileId: number | string, opts?: { staff?: boolean; nowMs?: number }): string;
  /** True when the signature is ours (for a staff link when `staff`) and the link has not expired. */
  verify(fileId: string, exp: string, sig: string, staff?: boolean, nowMs?: number): boolean;
}

/**
 * Links are signed with a key derived from JWT_SECRET (never the secret itself), so a leaked
 * link reveals nothing about tokens, and several API instances sharing JWT_SECRET accept each
 * other's links. Telegram's downloadFile and a hidden frame fetch them without our bearer
 * token, which is why the signature and the expiry are the whole authorisation.
 */
export function createFileLinks(jwtSecret: string, publicUrl: string): FileLinks {
  const key = createHmac('sha256', jwtSecret).update('zalik:file-links:v1').digest();
  const signature = (fileId: string, exp: string, staff: boolean) =>
    createHmac('sha256', key).update(`${fileId}.${exp}${staff ? '.staff' : ''}`).digest('base64url');

  return {
    link(fileId, { staff = false, nowMs = Date.now() } = {}) {
      const earliest = Math.floor(nowMs / 1000) + FILE_LINK_TTL_SECONDS;
      const exp = String(Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS);
      const id = String(fileId);
      return `${publicUrl}/api/v1/files/${id}?exp=${exp}&sig=${signature(id, exp, staff)}${staff ? '&for=staff' : ''}`;
    },
    verify(fileId, exp, sig, staff = false, nowMs = Date.now()) {
      if (!/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= nowMs) return false;
      const expected = Buffer.from(signature(fileId, exp, staff));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
