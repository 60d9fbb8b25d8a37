import { useCallback, useRef } from 'react';

const VAR = '--banner-space';
const GAP = 8;

/**
 * A callback ref for a banner pinned at the top: while it is mounted, `--banner-space` on the
 * root holds its height plus a gap, and Page adds it to its top padding, so the banner pushes
 * the screen's title and first field down instead of covering them. Cleared when it unmounts.
 */
export function useReservedTop(): (el: HTMLElement | null) => void {
  const observer = useRef<ResizeObserver | null>(null);
  return useCallback((el: HTMLElement | null) => {
    const root = document.documentElement.style;
    observer.current?.disconnect();
    observer.current = null;
    if (!el) {
      root.removeProperty(VAR);
      return;
    }
    const write = () => root.setProperty(VAR, `${Math.ceil(el.getBoundingClientRect().height) + GAP}px`);
    write();
    // jsdom has no ResizeObserver; the height written above is then the only one.
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(write);
    observer.current.observe(el);
  }, []);
}
