import { MSG, formatUah, type DepositRequest } from '@zalik/contract';
import { paths } from '../../lib/paths';
import { formatDate } from '../../lib/date';
import { Cell, Section } from '../../ui';
import { usePendingDeposits } from './api';
import styles from './wallet.module.css';

/** The sheet that follows one request (TopUpSheet's `?request=`). */
const reopen = (r: DepositRequest) => `${paths.wallet.deposit}?request=${encodeURIComponent(r.id)}`;

/**
 * The student's top-ups still waiting for payment, under the balance: the amount, the code the
 * transfer must carry (one piece, never broken at its hyphen) and the status; a tap reopens the
 * sheet that waits for it. Nothing while there are none, or when the list cannot be read (the
 * balance and history say the rest).
 */
export function PendingTopUps() {
  const pending = usePendingDeposits(true);
  const list = pending.data ?? [];
  if (list.length === 0) return null;
  return (
    <Section header={MSG.depositPendingTitle}>
      <div role="list" aria-label={MSG.depositPendingTitle}>
        {list.map((r) => (
          <div role="listitem" key={r.id}>
            <Cell
              to={reopen(r)}
              subtitle={
                <>
                  {r.comment ? (
                    <>
                      Код <span className={styles.topupCode}>{r.comment}</span> ·{' '}
                    </>
                  ) : null}
                  до {formatDate(r.expiresAt)}
                </>
              }
              after={<span className={styles.topupStatus}>{MSG.depositPendingStatus}</span>}
            >
              {formatUah(r.amount)} · {r.provider === 'MONOBANK' ? 'картка' : 'Telegram Stars'}
            </Cell>
          </div>
        ))}
      </div>
    </Section>
  );
}
