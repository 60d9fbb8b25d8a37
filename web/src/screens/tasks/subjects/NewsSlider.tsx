import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { NEWS_SLIDE_MS, NEWS_SLIDES, type News } from '@zalik/contract';
import { haptic } from '../../../telegram/sdk';
import { loadingRegion, Lottie, SkeletonBar, type LottieName } from '../../../ui';
import { useNews } from '../../../api/catalogue';
import styles from './NewsSlider.module.css';

/** The news animations the app ships; an unknown name falls back by position. */
const ANIMATIONS: readonly LottieName[] = ['news-books', 'news-rocket'];
const SWIPE_PX = 40;

function animationOf(name: string, index: number): LottieName {
  return (ANIMATIONS as readonly string[]).includes(name) ? (name as LottieName) : ANIMATIONS[index % ANIMATIONS.length]!;
}

/** The first NEWS_SLIDES news items above the subjects; hidden when there are none. */
export function NewsSlider() {
  const news = useNews();
  if (news.isPending) {
    return (
      <div className={styles.slider} {...loadingRegion('Завантаження новин')}>
        {/* In the carousel's own track: a slide straight in the column slider lost its fixed
            height (its 100 % basis is the column's), and the news dropped the page by 48 px. */}
        <div className={styles.viewport}>
          <div className={styles.track}>
            <div className={styles.slide}>
              <span className={styles.animationPlaceholder} />
              <span className={styles.body}>
                <SkeletonBar width="55%" height={16} />
                <SkeletonBar width="90%" />
                <SkeletonBar width="75%" />
              </span>
            </div>
          </div>
        </div>
        <div className={styles.dots} />
      </div>
    );
  }
  const slides = (news.data ?? []).slice(0, NEWS_SLIDES);
  if (slides.length === 0) return null;
  return <NewsCarousel slides={slides} />;
}

/**
 * Slides advance every NEWS_SLIDE_MS; a touch holds the current slide, a horizontal swipe or a
 * dot changes it, and every change restarts the wait so a slide the user chose stays its full time.
 */
export function NewsCarousel({ slides }: { slides: readonly News[] }) {
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const start = useRef<number | null>(null);
  const count = slides.length;
  const current = Math.min(index, count - 1);

  useEffect(() => {
    if (held || count < 2) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), NEWS_SLIDE_MS);
    return () => clearTimeout(timer);
  }, [current, held, count]);

  const go = (i: number) => {
    const next = (i + count) % count;
    if (next !== current) haptic.selection();
    setIndex(next);
  };

  const down = (e: PointerEvent) => {
    start.current = e.clientX;
    setHeld(true);
  };
  const up = (e: PointerEvent) => {
    const dx = start.current === null ? 0 : e.clientX - start.current;
    start.current = null;
    setHeld(false);
    if (Math.abs(dx) >= SWIPE_PX && count > 1) go(current + (dx < 0 ? 1 : -1));
  };
  const release = () => {
    start.current = null;
    setHeld(false);
  };

  return (
    <section className={styles.slider} aria-roledescription="карусель" aria-label="Новини">
      <div
        className={styles.viewport}
        onPointerDown={down}
        onPointerUp={up}
        onPointerCancel={release}
        onPointerLeave={release}
      >
        <div className={styles.track} style={{ transform: `translateX(-${current * 100}%)` }}>
          {slides.map((s, i) => (
            <div
              key={s.id}
              className={styles.slide}
              role="group"
              aria-roledescription="слайд"
              aria-label={`${i + 1} з ${count}`}
              aria-hidden={i !== current}
            >
              <Lottie name={animationOf(s.animation, i)} size={64} className={styles.animation} />
              <div className={styles.body}>
                <h2 className={styles.title}>{s.title}</h2>
                <p className={styles.text}>{s.text}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className={styles.dots}>
        {count > 1 &&
          slides.map((s, i) => (
            <button
              key={s.id}
              type="button"
              className={styles.dot}
              aria-label={`Новина ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
      </div>
    </section>
  );
}
