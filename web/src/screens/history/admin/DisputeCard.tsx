import { formatUah, type Dispute, type DisputeOutcome } from '@zalik/contract';
import { formatDate } from '../../../lib/date';
import { useMe } from '../../../api/me';
import { useThreadPages } from '../../../api/threads';
import { Button, FileCard, PropertyList, SkeletonBar, ThreadButton, ThreadLines } from '../../../ui';
import { ACTOR_LABEL, EVENT_LABEL } from './events';
import styles from './disputes.module.css';

const person = (p: { telegramId: string; username: string }) => (p.username ? `@${p.username} · ${p.telegramId}` : `ID ${p.telegramId}`);

interface DisputeCardProps {
  dispute: Dispute;
  /** The outcome being sent for this dispute (its button spins), if any. */
  resolving: DisputeOutcome | null;
  onResolve: (outcome: DisputeOutcome) => void;
}

/** One open dispute: the order, the buyer's reason, what was delivered, its history, and the two decisions. */
export function DisputeCard({ dispute: d, resolving, onResolve }: DisputeCardProps) {
  return (
    <article className={styles.card} aria-label={d.taskTitle}>
      <div className={styles.info}>
        <PropertyList
          items={[
            { label: 'Завдання', value: d.taskTitle },
            { label: 'Ціна', value: formatUah(d.price) },
            { label: 'Студент', value: person(d.buyer) },
            { label: 'Розробник', value: person(d.developer) },
            { label: 'Предмет', value: d.subjectName },
            { label: 'Викладач', value: d.teacherName },
            ...(d.deadlineAt ? [{ label: 'Виконати до', value: formatDate(d.deadlineAt) }] : []),
            { label: 'Спір відкрито', value: formatDate(d.disputedAt) },
          ]}
        />
      </div>
      <div className={styles.body}>
        <Note label="Причина спору" text={d.disputeReason} />
        {d.message && <Note label="Повідомлення розробника" text={d.message} />}
        {d.arguments.length > 0 && (
          <div>
            <p className={styles.label}>Дані студента</p>
            <ol className={styles.args}>
              {d.arguments.map((a, i) => (
                <li key={i}>{a || '—'}</li>
              ))}
            </ol>
          </div>
        )}
        {d.files.length > 0 && (
          <div>
            <p className={styles.label}>Файли відповіді</p>
            <div className={styles.files}>
              {d.files.map((f) => (
                <FileCard key={f.link} fileName={f.fileName} link={f.link} action="Скачати" />
              ))}
            </div>
          </div>
        )}
        <Conversation orderId={d.id} />
        <div>
          <p className={styles.label}>Історія</p>
          <ol className={styles.events} aria-label="Історія замовлення">
            {d.events.map((e, i) => (
              <li key={i} className={styles.event}>
                <span className={styles.eventTitle}>
                  {EVENT_LABEL[e.kind]} <span className={styles.actor}>· {ACTOR_LABEL[e.actor]}</span>
                </span>
                <time className={styles.eventTime} dateTime={e.at}>
                  {formatDate(e.at)}
                </time>
                {e.note && <span className={styles.eventNote}>{e.note}</span>}
              </li>
            ))}
          </ol>
        </div>
        <div className={styles.decisions}>
          <Button loading={resolving === 'RELEASE'} disabled={resolving !== null} onClick={() => onResolve('RELEASE')}>
            Виплатити розробнику
          </Button>
          <Button variant="destructive" loading={resolving === 'REFUND'} disabled={resolving !== null} onClick={() => onResolve('REFUND')}>
            Повернути студенту
          </Button>
        </div>
      </div>
    </article>
  );
}

/** The order's thread, newest page, as the parties wrote it: what the admin reads before deciding. */
function Conversation({ orderId }: { orderId: string }) {
  const me = useMe().telegramId;
  const pages = useThreadPages(orderId, { silent: true });
  const first = pages.data?.pages[0];
  return (
    <div>
      <p className={styles.label}>Переписка</p>
      {pages.isPending ? (
        <SkeletonBar width="70%" height={40} />
      ) : first && first.content.length > 0 ? (
        <div className={styles.thread}>
          {!first.last && <p className={styles.older}>Раніші повідомлення — у переписці.</p>}
          <ThreadLines lines={[...first.content].reverse()} me={me} />
        </div>
      ) : (
        <p className={styles.older}>{pages.isError ? pages.error.message : 'Учасники замовлення нічого не писали.'}</p>
      )}
      <div className={styles.threadLink}>
        <ThreadButton orderId={orderId} unread={first?.thread.unread ?? 0} />
      </div>
    </div>
  );
}

function Note({ label, text }: { label: string; text: string }) {
  return (
    <div className={styles.note}>
      <p className={styles.label}>{label}</p>
      <p>{text}</p>
    </div>
  );
}
