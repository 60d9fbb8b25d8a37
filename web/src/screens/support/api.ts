import { useMutation, useQuery } from '@tanstack/react-query';
import type { Faq, SupportSent } from '@zalik/contract';
import { api } from '../../api/client';
import { qk } from '../../api/queryKeys';

/** `GET /api/v1/faq/`: the questions shown above the support form. */
export function useFaq() {
  return useQuery({ queryKey: qk.faq(), queryFn: () => api.get<Faq[]>('/api/v1/faq/'), staleTime: 5 * 60_000 });
}

export interface SupportMessage {
  message: string;
  files: File[];
}

/** `POST /api/v1/supports/sent`: multipart `message` plus one `files` part per file. */
export function useSendSupport() {
  return useMutation({
    mutationFn: ({ message, files }: SupportMessage) => {
      const form = new FormData();
      form.append('message', message);
      for (const file of files) form.append('files', file, file.name);
      return api.post<SupportSent>('/api/v1/supports/sent', form);
    },
  });
}
