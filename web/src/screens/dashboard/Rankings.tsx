import { WORDS, pluralForm, type DashboardDevelopers, type DashboardTop } from '@zalik/contract';
import { Cell, Section, SkeletonRows } from '../../ui';
import { formatCount, formatUah } from './format';
import styles from './dashboard.module.css';

const EMPTY = 'За цей період продажів не було';
const sales = (n: number) => `${formatCount(n)} ${pluralForm(n, WORDS.sale)}`;

function Rank({ n }: { n: number }) {
  return <span className={[styles.rank, n <= 3 ? styles.podium : ''].join(' ')}>{n}</span>;
}

/** The best-selling tasks and subjects of the period, by money paid. */
export function TopLists({ data }: { data: DashboardTop | undefined }) {
  return (
    <>
      <Section header="Топ-10 завдань">
        {!data ? (
          <SkeletonRows count={3} subtitle />
        ) : data.tasks.length === 0 ? (
          <Cell>{EMPTY}</Cell>
        ) : (
          data.tasks.map((t, i) => (
            <Cell key={t.taskId} before={<Rank n={i + 1} />} subtitle={`${t.subject} · ${sales(t.sales)}`} after={<span className={styles.amount}>{formatUah(t.amount)}</span>}>
              {t.title}
            </Cell>
          ))
        )}
      </Section>
      <Section header="Топ-10 предметів">
        {!data ? (
          <SkeletonRows count={3} subtitle />
        ) : data.subjects.length === 0 ? (
          <Cell>{EMPTY}</Cell>
        ) : (
          data.subjects.map((s, i) => (
            <Cell key={s.subjectId} before={<Rank n={i + 1} />} subtitle={`${s.courseNumber} курс · ${sales(s.sales)}`} after={<span className={styles.amount}>{formatUah(s.amount)}</span>}>
              {s.name}
            </Cell>
          ))
        )}
      </Section>
    </>
  );
}

/** Developers by money earned in the period, with their deliveries and how many were on time. */
export function Leaderboard({ data }: { data: DashboardDevelopers | undefined }) {
  return (
    <Section header="Розробники" footer="Здано — ручні замовлення, здані за період; вчасно — частка зданих до терміну.">
      {!data ? (
        <SkeletonRows count={3} subtitle />
      ) : data.developers.length === 0 ? (
        <Cell>За цей період розробники нічого не здали й не заробили</Cell>
      ) : (
        data.developers.map((d, i) => (
          <Cell
            key={d.telegramId}
            before={<Rank n={i + 1} />}
            subtitle={`Здано: ${formatCount(d.delivered)}${d.onTimePercent === null ? '' : ` · вчасно ${d.onTimePercent} %`}`}
            after={<span className={styles.amount}>{formatUah(d.earned)}</span>}
          >
            {d.name || (d.username ? `@${d.username}` : d.telegramId)}
          </Cell>
        ))
      )}
    </Section>
  );
}
