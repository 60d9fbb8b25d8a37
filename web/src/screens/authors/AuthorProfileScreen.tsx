import { useParams } from 'react-router';
import { AUTHOR_LEVELS, MSG, WORDS, countText, formatRating, type AuthorProfile } from '@zalik/contract';
import { useMe } from '../../api/me';
import { useAuthorProfile, useReviewModeration } from '../../api/reviews';
import { formatMonthYear } from '../../lib/date';
import { loadingRegion, Avatar, EmptyState, Page, PropertyList, RatingStars, ReviewCard, Section, SectionHeader, SkeletonBar } from '../../ui';
import { nextLevelText, onTimeText, waitText } from './figures';
import styles from './authors.module.css';

/** `/list-task/author/{telegramId}`: who the author is, how they work and what students say. */
export default function AuthorProfileScreen() {
  const { telegramId = '' } = useParams();
  const profile = useAuthorProfile(telegramId);
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    return (
      <Page>
        <EmptyState text={profile.error.message || MSG.authorNotFound} />
      </Page>
    );
  }
  return <Profile p={profile.data} />;
}

function Profile({ p }: { p: AuthorProfile }) {
  const me = useMe();
  const moderate = useReviewModeration();
  const name = p.username ? `@${p.username}` : 'Розробник';
  const mine = me.telegramId === p.telegramId;
  const next = AUTHOR_LEVELS[AUTHOR_LEVELS.findIndex((l) => l.code === p.level) + 1];
  return (
    <Page>
      <header className={styles.hero}>
        <Avatar photo={p.photo} name={p.username || 'Розробник'} seed={p.telegramId} size={72} />
        <h1 className={styles.name}>{name}</h1>
        <span className={styles.level}>{p.levelName}</span>
        <p className={styles.since}>На Заліку з {formatMonthYear(p.memberSince)}</p>
      </header>

      <Section header="Рейтинг">
        <div className={styles.rating}>
          <div className={styles.score}>
            <strong className={styles.average}>{p.rating.count ? formatRating(p.rating.average) : '—'}</strong>
            <RatingStars value={p.rating.average} size={16} />
            <span className={styles.hint}>{p.rating.count ? countText(p.rating.count, WORDS.review) : 'Ще немає відгуків'}</span>
          </div>
          <Distribution counts={p.distribution} total={p.rating.count} />
        </div>
      </Section>

      <Section
        header="Робота"
        footer={next ? `Наступний рівень — «${next.name}»: потрібно ${nextLevelText(next)}.` : undefined}
      >
        <PropertyList
          items={[
            { label: 'Завдань у каталозі', value: p.visibleTasks },
            { label: 'Виконано замовлень', value: p.ordersCompleted },
            { label: 'Вчасно', value: onTimeText(p) },
            { label: 'Перша відповідь', value: p.firstAnswerMinutes === null ? 'Ще не було' : `зазвичай за ${waitText(p.firstAnswerMinutes)}` },
          ]}
        />
      </Section>

      <section className={styles.reviews} aria-label="Останні відгуки">
        <SectionHeader>Останні відгуки</SectionHeader>
        {p.latestReviews.length === 0 ? (
          <p className={styles.empty}>Відгуків поки немає.</p>
        ) : (
          p.latestReviews.map((r) => (
            <ReviewCard key={r.id} review={r} showTask onReply={mine ? moderate.reply(r.id) : undefined} onHide={me.isAdmin ? moderate.hide(r.id) : undefined} />
          ))
        )}
      </section>
    </Page>
  );
}

/** Bars of 5 to 1 stars, each as wide as its share of the reviews. */
function Distribution({ counts, total }: { counts: number[]; total: number }) {
  return (
    <ol className={styles.bars} aria-label="Розподіл оцінок">
      {[5, 4, 3, 2, 1].map((stars) => {
        const n = counts[stars - 1] ?? 0;
        return (
          <li key={stars} className={styles.bar} aria-label={`${countText(stars, WORDS.star)}: ${countText(n, WORDS.review)}`}>
            <span className={styles.barLabel}>{stars}</span>
            <span className={styles.track}>
              <span className={styles.fill} style={{ width: total ? `${(n / total) * 100}%` : 0 }} />
            </span>
            <span className={styles.barCount}>{n}</span>
          </li>
        );
      })}
    </ol>
  );
}

function ProfileSkeleton() {
  return (
    <Page>
      <header className={styles.hero} {...loadingRegion()}>
        <SkeletonBar width={72} height={72} />
        <SkeletonBar width="40%" height={22} />
        <SkeletonBar width="30%" height={14} />
      </header>
      <SkeletonBar width="100%" height={120} />
      <SkeletonBar width="100%" height={160} />
    </Page>
  );
}
