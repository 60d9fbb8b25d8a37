import { useState } from 'react';
import { formatUah, type Dispute, type DisputeOutcome } from '@zalik/contract';
import { RequireRole } from '../../../lib/RequireRole';
import { haptic } from '../../../telegram/sdk';
import { loadingRegion, ConfirmDialog, EmptyState, LoadMore, Page, SkeletonBar, useToast } from '../../../ui';
import { useDisputes, useResolveDispute } from './api';
import { DisputeCard } from './DisputeCard';
import styles from './disputes.module.css';

/**
 * /settings/admin-panel/disputes (admins; lazy chunk): open disputes, oldest first, each decided
 * once; a page at a time, the next one loading when the list's end scrolls into view.
 */
export default function DisputesScreen() {
  return (
    <RequireRole role="admin">
      <Disputes />
    </RequireRole>
  );
}

const WHO: Record<DisputeOutcome, (d: Dispute) => string> = {
  RELEASE: (d) => `${formatUah(d.price)} без комісії платформи отримає розробник ${d.developer.username ? `@${d.developer.username}` : d.developer.telegramId}.`,
  REFUND: (d) => `${formatUah(d.price)} повернуться студенту ${d.buyer.username ? `@${d.buyer.username}` : d.buyer.telegramId}.`,
};

/** Cards standing in for disputes on their way. */
function Skeletons({ count }: { count: number }) {
  return (
    <div className={styles.list} {...loadingRegion()}>
      {Array.from({ length: count }, (_, i) => (
        <div className={styles.skeleton} key={i}>
          {[55, 35, 65, 45, 70, 50].map((w, j) => (
            <SkeletonBar key={j} width={`${w}%`} height={14} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** Each dispute once, where it first came: a page read after others were decided may repeat the one before it. */
const unique = (list: Dispute[]) => [...new Map(list.map((d) => [d.id, d])).values()];

function Disputes() {
  const disputes = useDisputes();
  const list = unique(disputes.data?.pages.flatMap((p) => p.content) ?? []);
  const resolve = useResolveDispute();
  const [toast, notify] = useToast();
  const [asked, setAsked] = useState<{ dispute: Dispute; outcome: DisputeOutcome } | null>(null);

  return (
    <Page title="Спори" subtitle="Студент не прийняв відповідь. Кошти чекають вашого рішення; старіші спори вгорі.">
      {disputes.isPending || (list.length === 0 && disputes.hasNextPage) ? (
        // Also when every loaded dispute was just decided: the next ones are on their way.
        <Skeletons count={2} />
      ) : disputes.isError && list.length === 0 ? (
        <EmptyState text={disputes.error.message} />
      ) : list.length === 0 ? (
        <EmptyState text="Відкритих спорів немає." animation="empty" />
      ) : (
        <div className={styles.list}>
          {list.map((d) => (
            <DisputeCard
              key={d.id}
              dispute={d}
              resolving={resolve.isPending && resolve.variables.id === d.id ? resolve.variables.outcome : null}
              onResolve={(outcome) => setAsked({ dispute: d, outcome })}
            />
          ))}
          <LoadMore pages={disputes} skeleton={<Skeletons count={1} />} />
        </div>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={asked?.outcome === 'RELEASE' ? 'Виплатити розробнику?' : 'Повернути студенту?'}
        question={asked ? `«${asked.dispute.taskTitle}»` : undefined}
        text={asked ? `${WHO[asked.outcome](asked.dispute)} Рішення остаточне.` : undefined}
        confirmLabel={asked?.outcome === 'RELEASE' ? 'Виплатити' : 'Повернути'}
        destructive={asked?.outcome === 'REFUND'}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (!asked) return;
          const { dispute, outcome } = asked;
          setAsked(null);
          resolve.mutate(
            { id: dispute.id, outcome },
            {
              onSuccess: () => {
                haptic.notification('success');
                notify(outcome === 'RELEASE' ? 'Кошти виплачено розробнику' : 'Кошти повернуто студенту');
              },
            },
          );
        }}
      />
      {toast}
    </Page>
  );
}
