import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { THREAD_OPEN_DAYS, type ThreadInfo, type ThreadMessage } from '@zalik/contract';
import { useMe } from '../../api/me';
import { useThreadPages } from '../../api/threads';
import { formatDate } from '../../lib/date';
import { haptic } from '../../telegram/sdk';
import { loadingRegion, Button, EmptyState, Page, SkeletonBar, ThreadLines, type PendingLine } from '../../ui';
import { useHideMessage, useLiveThread, useMarkRead, usePostMessage } from './api';
import { Composer } from './Composer';
import { HideSheet } from './HideSheet';
import styles from './thread.module.css';

/** Near enough to the end that a new line scrolls into view. */
const FOLLOW_PX = 160;

const atEnd = () => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - FOLLOW_PX;
const toEnd = (smooth: boolean) => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });

/** Who the reader talks to, under the title. */
function withWhom(info: ThreadInfo, me: string): string {
  const name = (p: { username: string; telegramId: string }) => (p.username ? `@${p.username}` : `ID ${p.telegramId}`);
  if (info.buyer.telegramId === me) return `Розробник ${name(info.developer)} і підтримка`;
  if (info.developer.telegramId === me) return `Студент ${name(info.buyer)} і підтримка`;
  return `Студент ${name(info.buyer)} · розробник ${name(info.developer)}`;
}

function Skeletons() {
  return (
    <div className={styles.skeletons} {...loadingRegion()}>
      {[62, 48, 70].map((w, i) => (
        <div key={i} className={i % 2 ? styles.skeletonMine : undefined}>
          <SkeletonBar width={`${w}%`} height={44} />
        </div>
      ))}
    </div>
  );
}

/**
 * /settings/chat/{orderId}: an order's thread as a Telegram chat. It is live while open (its
 * lines, the other side's read marks, hides), marks what the reader has seen, and writes with
 * files; read-only once the order ended long ago. From the history, the dev panel, the admins'
 * disputes and the bot's notice (`startapp=thread_<id>`).
 */
export default function ThreadScreen() {
  const { orderId = '' } = useParams();
  const { telegramId: me, isAdmin } = useMe();
  const hide = useHideMessage(orderId);
  const [hiding, setHiding] = useState<ThreadMessage | null>(null);
  const pages = useThreadPages(orderId);
  const post = usePostMessage(orderId);
  const read = useMarkRead(orderId);
  const [pending, setPending] = useState<PendingLine[]>([]);
  useLiveThread(orderId, pages.isSuccess);

  const info = pages.data?.pages[0]?.thread;
  const lines = useMemo<ThreadMessage[]>(() => (pages.data?.pages ?? []).flatMap((p) => p.content).reverse(), [pages.data]);
  const newest = lines.at(-1)?.id;

  // Opening: to the newest line. Later: a new line follows if the reader was at the end; older
  // pages come in above without moving what the reader is looking at.
  const shown = useRef({ count: 0, newest: undefined as string | undefined, height: 0 });
  const atEndBefore = useRef(true);
  useLayoutEffect(() => {
    const prev = shown.current;
    const height = document.documentElement.scrollHeight;
    if (prev.count === 0 && lines.length > 0) toEnd(false);
    else if (newest !== prev.newest) {
      if (prev.newest === undefined || atEndBefore.current) toEnd(true);
    } else if (lines.length > prev.count) window.scrollBy(0, height - prev.height);
    shown.current = { count: lines.length, newest, height };
  }, [lines.length, newest, pending.length]);
  useEffect(() => {
    const onScroll = () => (atEndBefore.current = atEnd());
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // What the reader sees is read: the newest line of the others, once the screen shows it.
  const marked = useRef(0);
  const newestOthers = [...lines].reverse().find((m) => m.author.telegramId !== me)?.id;
  useEffect(() => {
    if (!newestOthers || Number(newestOthers) <= marked.current || document.visibilityState === 'hidden') return;
    marked.current = Number(newestOthers);
    read.mutate(newestOthers);
  }, [newestOthers]); // eslint-disable-line react-hooks/exhaustive-deps

  const send = async (text: string, files: File[]): Promise<boolean> => {
    const key = `${Date.now()}`;
    setPending((p) => [...p, { key, text, fileNames: files.map((f) => f.name), createdAt: new Date().toISOString() }]);
    atEndBefore.current = true;
    try {
      await post.mutateAsync({ text, files });
      haptic.notification('success');
      return true;
    } catch {
      // The red banner says why (the app's mutation errors); what was written goes back into the composer.
      return false;
    } finally {
      setPending((p) => p.filter((x) => x.key !== key));
    }
  };

  if (pages.isError) {
    return (
      <Page title="Переписка">
        <EmptyState text={pages.error.message} />
      </Page>
    );
  }

  return (
    <Page title="Переписка" subtitle={info ? `№${info.orderId} · ${info.taskTitle}` : undefined} className={styles.page}>
      {info && <p className={styles.whom}>{withWhom(info, me)}</p>}
      <div className={styles.thread}>
        {pages.hasNextPage && (
          <Button variant="plain" size="small" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()} className={styles.older}>
            Показати раніші
          </Button>
        )}
        {pages.isPending ? (
          <Skeletons />
        ) : lines.length === 0 && pending.length === 0 ? (
          <EmptyState text="Повідомлень ще немає. Напишіть, що важливо для замовлення: варіант, вимоги, строки. Усе залишиться тут." />
        ) : (
          <ThreadLines lines={lines} me={me} pending={pending} onHide={isAdmin ? setHiding : undefined} />
        )}
      </div>
      {info && !info.writable && info.closesAt && (
        <p className={styles.closed} role="status">
          Переписку закрито {formatDate(info.closesAt)}: через {THREAD_OPEN_DAYS} днів після завершення замовлення її можна лише читати.
        </p>
      )}
      {info?.writable && <Composer key={orderId} orderId={orderId} onSend={send} />}
      <HideSheet
        message={hiding}
        sending={hide.isPending}
        onClose={() => setHiding(null)}
        onHide={(reason) =>
          hide.mutate(
            { messageId: hiding!.id, reason },
            {
              onSuccess: () => {
                haptic.notification('success');
                setHiding(null);
              },
            },
          )
        }
      />
    </Page>
  );
}
