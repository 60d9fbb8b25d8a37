import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep, type Broadcast } from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';

/** 'all', or a course number as text: what the form's audience control holds. */
export type Audience = 'all' | '1' | '2' | '3' | '4';

/** How often an open broadcast's progress is asked while messages are left. */
const PROGRESS_POLL_MS = 2000;

export const useBroadcasts = () => useQuery({ queryKey: qk.broadcasts.all, queryFn: () => call(ep.broadcasts, {}) });

export function useRecipients(audience: Audience) {
  return useQuery({
    queryKey: qk.broadcasts.recipients(audience),
    queryFn: () => call(ep.broadcastRecipients, { query: { courseNumber: audience } }),
  });
}

/** A broadcast's progress, asked again every 2 s until nothing is left to send. */
export function useBroadcast(id: string) {
  return useQuery({
    queryKey: qk.broadcasts.one(id),
    queryFn: () => call(ep.broadcast, { params: { id } }),
    refetchInterval: (query) => ((query.state.data?.left ?? 1) > 0 ? PROGRESS_POLL_MS : false),
  });
}

export interface NewBroadcast {
  audience: Audience;
  message: string;
  files: File[];
}

export function useSendBroadcast() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ audience, message, files }: NewBroadcast): Promise<Broadcast> => {
      const form = new FormData();
      form.append('courseNumber', audience);
      form.append('message', message);
      for (const file of files) form.append('files', file, file.name);
      return call(ep.sendBroadcast, { body: form });
    },
    onSuccess: (b) => {
      qc.setQueryData(qk.broadcasts.one(b.id), b);
      void qc.invalidateQueries({ queryKey: qk.broadcasts.all });
    },
  });
}

/** 'Усім' or '3 курс'. */
export const audienceLabel = (courseNumber: number | null) => (courseNumber === null ? 'Усім' : `${courseNumber} курс`);
