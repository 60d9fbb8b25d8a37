import { useCallback, useRef } from 'react';

const GAP = 8;

/**
 * A callback ref for a bar pinned at the top: while it is mounted, the root's `name` variable
 * holds its height plus a gap, and Page adds it to its top padding, so the bar pushes the
 * screen's title and first field down instead of covering them. Cleared when it unmounts. The
 * red banner reserves `--banner-space`, the offline bar `--offline-space` (the banner sits under it).
 */
export function useReservedTop(name = '--banner-space'): (el: HTMLElement | null) => void {
  const observer = useRef<ResizeObserver | null>(null);
  return useCallback((el: HTMLElement | null) => {
    const root = document.documentElement.style;
    observer.current?.disconnect();
    observer.current = null;
    if (!el) {
      root.removeProperty(name);
      return;
    }
    const write = () => root.setProperty(name, `${Math.ceil(el.getBoundingClientRect().height) + GAP}px`);
    write();
    // jsdom has no ResizeObserver; the height written above is then the only one.
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(write);
    observer.current.observe(el);
  }, [name]);
}
