import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, endpoints as ep, rowsOf, type AuditAction, type ExportBody } from '@zalik/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/queryKeys';

/** What the audit list is narrowed to; `from`..`to` are Kyiv days, both included (empty: no bound). */
export interface AuditFilter {
  action?: AuditAction;
  adminId?: string;
  userId?: string;
  from?: string;
  to?: string;
}

/** The audit trail, newest first, AUDIT_PAGE_SIZE at a time; the answer's `last` ends it. */
export function useAudit(filter: AuditFilter, limit = AUDIT_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: qk.audit.list({ ...filter, limit }),
    queryFn: ({ pageParam, signal }) => call(ep.auditTrail, { query: { ...filter, page: pageParam, limit } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.last ? undefined : pages.length),
    // A changed filter keeps the rows on screen until the new ones come: no blink.
    placeholderData: keepPreviousData,
    // What other admins did meanwhile shows on every visit.
    staleTime: 0,
  });
}

/** The admins, for the "who did it" filter (there are few). */
export const useAdmins = () =>
  useQuery({ queryKey: qk.users.admins(), queryFn: async () => rowsOf(await call(ep.usersByRole, { params: { role: 'ROLE_ADMIN' }, query: { page: 0, limit: 50 } })) });

/** A short-lived signed link to the CSV of what the filters keep. */
export const useAuditExport = () => useMutation({ mutationFn: (body: ExportBody) => call(ep.createExport, { body }) });
