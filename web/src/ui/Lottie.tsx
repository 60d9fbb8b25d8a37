import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';

/** Animations shipped under src/assets/lottie/<name>.json, each its own lazily loaded chunk. */
const FILES = import.meta.glob<{ default: object }>('../assets/lottie/*.json');
export type LottieName = 'blocked' | 'empty' | 'news-books' | 'news-rocket' | 'success';

const Player = lazy(() => import('lottie-react').then((m) => ({ default: m.LottieLight })));

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
}

interface LottieProps {
  name: LottieName;
  size?: number;
  loop?: boolean;
  className?: string;
  style?: CSSProperties;
}

/**
 * A Lottie animation (lottie-react's light build: svg only, no expressions, which our files do
 * not use): the player and the JSON load on demand; the box keeps its size while
 * loading so nothing jumps. With reduced motion it shows a still frame.
 */
export function Lottie({ name, size = 140, loop = true, className, style }: LottieProps) {
  const [data, setData] = useState<object | null>(null);
  const reduced = prefersReducedMotion();

  useEffect(() => {
    let live = true;
    const load = FILES[`../assets/lottie/${name}.json`];
    load?.()
      .then((m) => live && setData(m.default))
      .catch(() => undefined); // decoration only: a missing animation leaves the box empty
    return () => {
      live = false;
    };
  }, [name]);

  const box: CSSProperties = { width: size, height: size, flex: 'none', ...style };
  return (
    <div className={className} style={box} aria-hidden="true">
      {data && (
        <Suspense fallback={null}>
          <Player
            src={data}
            loop={loop && !reduced}
            autoplay={!reduced}
            // Reduced motion: a still of the last frame, which every shipped animation uses as
            // its resting state (the whole picture).
            segment={reduced ? stillSegment(data) : undefined}
            style={{ width: size, height: size }}
          />
        </Suspense>
      )}
    </div>
  );
}

function stillSegment(data: object): [number, number] | undefined {
  const op = (data as { op?: number }).op;
  return typeof op === 'number' ? [op - 1, op] : undefined;
}
