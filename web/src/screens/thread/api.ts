import { useEffect } from 'react';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  THREAD_POLL_MS,
  THREAD_STREAM_MAX_SECONDS,
  endpoints as ep,
  type ThreadMessage,
  type ThreadPage,
  type ThreadStreamEvent,
} from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';
import { streamEvents } from '../../api/stream';

type Pages = InfiniteData<ThreadPage, string>;

/** Puts a line into the cached pages: in its place when it is there (a hide), else as the newest. */
export function upsertLine(qc: QueryClient, orderId: string, line: ThreadMessage): void {
  qc.setQueryData<Pages>(qk.threads.thread(orderId), (data) => {
    if (!data?.pages.length) return data;
    let found = false;
    const pages = data.pages.map((p) => ({
      ...p,
      content: p.content.map((m) => {
        if (m.id !== line.id) return m;
        found = true;
        return line;
      }),
    }));
    // Newest first, as the server pages them; a line that committed late still lands in its place.
    if (!found) pages[0] = { ...pages[0]!, content: [line, ...pages[0]!.content].sort((a, b) => Number(b.id) - Number(a.id)) };
    return { ...data, pages };
  });
}

/** `reader` read the thread up to `upTo`: the lines they did not write are read. */
function markReadBy(qc: QueryClient, orderId: string, reader: string, upTo: string): void {
  qc.setQueryData<Pages>(qk.threads.thread(orderId), (data) => {
    if (!data) return data;
    const limit = Number(upTo);
    return {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        content: p.content.map((m) => (!m.read && m.author.telegramId !== reader && Number(m.id) <= limit ? { ...m, read: true } : m)),
      })),
    };
  });
}

/** The newest line the cache holds (the live stream goes on from it). */
function newestId(qc: QueryClient, orderId: string): number {
  return Number(qc.getQueryData<Pages>(qk.threads.thread(orderId))?.pages[0]?.content[0]?.id ?? 0);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Keeps an open thread live: a stream of server-sent events from the newest line held, opened
 * again as each one ends (a stream lasts minutes). When a stream cannot be opened or breaks (a
 * proxy that buffers, no network), the first page is read every THREAD_POLL_MS instead, and the
 * stream is tried again each time.
 */
export function useLiveThread(orderId: string, ready: boolean): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!ready || !orderId) return;
    const ac = new AbortController();
    const onEvent = (e: ThreadStreamEvent) => {
      if (e.type === 'message') upsertLine(qc, orderId, e.message);
      else markReadBy(qc, orderId, e.telegramId, e.upTo);
    };
    void (async () => {
      while (!ac.signal.aborted) {
        try {
          await streamEvents(ep.threadStream, { params: { id: orderId }, query: { after: String(newestId(qc, orderId)), wait: THREAD_STREAM_MAX_SECONDS } }, onEvent, ac.signal);
        } catch {
          if (ac.signal.aborted) return;
          await qc.invalidateQueries({ queryKey: qk.threads.thread(orderId) }).catch(() => undefined);
          await sleep(THREAD_POLL_MS, ac.signal);
        }
      }
    })();
    return () => ac.abort();
  }, [orderId, ready, qc]);
}

/** Sends a message (text and files); its answer takes its place in the thread at once. */
export function usePostMessage(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ text, files }: { text: string; files: File[] }) => {
      const form = new FormData();
      form.append('text', text);
      for (const f of files) form.append('files', f, f.name);
      return call(ep.postThreadMessage, { params: { id: orderId }, body: form });
    },
    onSuccess: (line) => upsertLine(qc, orderId, line),
  });
}

/** The reader has seen the thread up to `upTo`: the badges of the order and the menus go down. */
export function useMarkRead(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) => call(ep.readThread, { params: { id: orderId }, body: { upTo } }),
    onSuccess: ({ unread }) => {
      qc.setQueryData<Pages>(qk.threads.thread(orderId), (data) =>
        data?.pages.length ? { ...data, pages: data.pages.map((p, i) => (i === 0 ? { ...p, thread: { ...p.thread, unread } } : p)) } : data,
      );
      void qc.invalidateQueries({ queryKey: qk.threads.unread() });
      void qc.invalidateQueries({ queryKey: qk.history.all });
    },
    // A mark that did not reach the server is sent again with the next line; no banner for it.
    meta: { silent: true },
  });
}

/** Admin: hides a message with a reason; the others then read that a moderator hid it. */
export function useHideMessage(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, reason }: { messageId: string; reason: string }) =>
      call(ep.hideThreadMessage, { params: { id: orderId, messageId }, body: { reason } }),
    onSuccess: (line) => upsertLine(qc, orderId, line),
  });
}
