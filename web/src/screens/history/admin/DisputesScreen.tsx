import { useState } from 'react';
import { formatUah, type Dispute, type DisputeOutcome } from '@zalik/contract';
import { RequireRole } from '../../../lib/RequireRole';
import { haptic } from '../../../telegram/sdk';
import { loadingRegion, ConfirmDialog, EmptyState, Page, SkeletonBar, useToast } from '../../../ui';
import { useDisputes, useResolveDispute } from './api';
import { DisputeCard } from './DisputeCard';
import styles from './disputes.module.css';

/** /settings/admin-panel/disputes (admins; lazy chunk): open disputes, oldest first, each decided once. */
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

function Disputes() {
  const disputes = useDisputes();
  const resolve = useResolveDispute();
  const [toast, notify] = useToast();
  const [asked, setAsked] = useState<{ dispute: Dispute; outcome: DisputeOutcome } | null>(null);

  return (
    <Page title="Спори" subtitle="Студент не прийняв відповідь. Кошти чекають вашого рішення; старіші спори вгорі.">
      {disputes.isPending ? (
        <div className={styles.list} {...loadingRegion()}>
          {[0, 1].map((i) => (
            <div className={styles.skeleton} key={i}>
              {[55, 35, 65, 45, 70, 50].map((w, j) => (
                <SkeletonBar key={j} width={`${w}%`} height={14} />
              ))}
            </div>
          ))}
        </div>
      ) : disputes.isError ? (
        <EmptyState text={disputes.error.message} />
      ) : disputes.data.length === 0 ? (
        <EmptyState text="Відкритих спорів немає." animation="empty" />
      ) : (
        <div className={styles.list}>
          {disputes.data.map((d) => (
            <DisputeCard
              key={d.id}
              dispute={d}
              resolving={resolve.isPending && resolve.variables.id === d.id ? resolve.variables.outcome : null}
              onResolve={(outcome) => setAsked({ dispute: d, outcome })}
            />
          ))}
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
