import type { DashboardBacklog, DashboardFigures, Figure } from '@zalik/contract';
import { SectionHeader, SkeletonText } from '../../ui';
import { FigureCard } from './FigureCard';
import { formatCount, formatSeconds, formatUah } from './format';
import styles from './dashboard.module.css';

const AGAINST = 'ніж у попередньому періоді';
const AT_START = 'ніж на початку періоду';

const sum = (...fs: (Figure | undefined)[]): Figure | undefined =>
  fs.every(Boolean) ? { value: fs.reduce((a, f) => a + f!.value, 0), previous: fs.reduce((a, f) => a + f!.previous, 0) } : undefined;

/** Money and activity of the period, each against the period before. */
export function PeriodFigures({ data }: { data: DashboardFigures | undefined }) {
  const t = data?.topups;
  return (
    <>
      <section className={styles.group}>
        <SectionHeader>Виручка</SectionHeader>
        <div className={styles.grid}>
          <FigureCard wide label="Продажі" figure={data?.revenue.sales} format={formatUah} against={AGAINST} />
          <FigureCard label="Комісія платформи" figure={data?.revenue.fees} format={formatUah} against={AGAINST} />
          <FigureCard label="Повернення" figure={data?.revenue.refunds} format={formatUah} more="bad" against={AGAINST} />
        </div>
      </section>
      <section className={styles.group}>
        <SectionHeader>Поповнення</SectionHeader>
        <div className={styles.stack}>
          <FigureCard wide label="Усього" figure={sum(t?.admin, t?.stars, t?.monobank)} format={formatUah} against={AGAINST} />
          <div className={styles.grid3}>
            <FigureCard label="Адмін" figure={t?.admin} format={formatUah} against={AGAINST} />
            <FigureCard label="Telegram Stars" figure={t?.stars} format={formatUah} against={AGAINST} />
            <FigureCard label="Monobank" figure={t?.monobank} format={formatUah} against={AGAINST} />
          </div>
        </div>
      </section>
      <section className={styles.group}>
        <SectionHeader>Пояснення</SectionHeader>
        <div className={styles.grid}>
          <FigureCard label="Виручка" figure={data?.explanations.revenue} format={formatUah} against={AGAINST} />
          <FigureCard label="Токени" figure={data?.explanations.tokens} format={formatCount} against={AGAINST} />
        </div>
      </section>
      <section className={styles.group}>
        <SectionHeader>Покупки й користувачі</SectionHeader>
        <div className={styles.grid}>
          <FigureCard label="Автоматичні" figure={data?.purchases.auto} format={formatCount} against={AGAINST} />
          <FigureCard label="Ручні" figure={data?.purchases.manual} format={formatCount} against={AGAINST} />
          <FigureCard label="Нові користувачі" figure={data?.users.new} format={formatCount} against={AGAINST} />
          <FigureCard label="Активні" figure={data?.users.active} format={formatCount} against={AGAINST} />
        </div>
      </section>
    </>
  );
}

/** A figure of now with nothing to compare it with (the bot's inbox keeps no history). */
function NowCard({ label, value, format }: { label: string; value: number | undefined; format: (n: number) => string }) {
  return (
    <div className={styles.figure} role="group" aria-label={value === undefined ? label : `${label}: ${format(value)}`} aria-busy={value === undefined}>
      <span className={styles.figureLabel}>{label}</span>
      <span className={styles.figureValue}>{value === undefined ? <SkeletonText width="70%" /> : format(value)}</span>
    </div>
  );
}

/** What waits for someone now, against what waited when the period began: more is bad news. */
export function BacklogFigures({ data }: { data: DashboardBacklog | undefined }) {
  const inbox = data?.botInbox;
  return (
    <>
      <section className={styles.group}>
        <SectionHeader>Потребує уваги</SectionHeader>
        <div className={styles.grid}>
          <FigureCard label="Чекають здачі" figure={data?.waiting} format={formatCount} more="bad" against={AT_START} />
          <FigureCard label="Прострочені" figure={data?.overdue} format={formatCount} more="bad" against={AT_START} />
          <FigureCard label="Відкриті спори" figure={data?.disputes} format={formatCount} more="bad" against={AT_START} />
          <FigureCard
            label="Заявки на виведення"
            figure={data?.withdrawals.count}
            detail={data ? formatUah(data.withdrawals.sum.value) : undefined}
            format={formatCount}
            more="bad"
            against={AT_START}
          />
        </div>
      </section>
      <section className={styles.group}>
        <SectionHeader>Оновлення від Telegram</SectionHeader>
        <div className={styles.grid3}>
          <NowCard label="Чекають обробки" value={inbox?.waiting} format={formatCount} />
          <NowCard label="Найдовше чекає" value={inbox?.oldestSeconds} format={formatSeconds} />
          <NowCard label="Не оброблені" value={inbox?.failed} format={formatCount} />
        </div>
      </section>
    </>
  );
}
