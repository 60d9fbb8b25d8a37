import { useMutation, useQuery } from '@tanstack/react-query';
import { endpoints as ep } from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';

/** `listFaq`: the questions shown above the support form. */
export function useFaq() {
  return useQuery({ queryKey: qk.faq(), queryFn: () => call(ep.listFaq, {}), staleTime: 5 * 60_000 });
}

export interface SupportMessage {
  message: string;
  files: File[];
}

/** `sendSupport`: multipart `message` plus one `files` part per file. */
export function useSendSupport() {
  return useMutation({
    mutationFn: ({ message, files }: SupportMessage) => {
      const form = new FormData();
      form.append('message', message);
      for (const file of files) form.append('files', file, file.name);
      return call(ep.sendSupport, { body: form });
    },
  });
}
