import { useEffect, useRef, useState, type ReactNode, type PointerEvent as RPointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { LONG_PRESS_MS } from '@zalik/contract';
import { haptic } from '../telegram/sdk';
import styles from './Overlay.module.css';

export interface ContextMenuItem {
  label: string;
  onSelect: () => void;
  destructive?: boolean;
}

interface ContextMenuProps {
  items: ContextMenuItem[];
  children: ReactNode;
  /** Admin-only menus pass `disabled` for everyone else: no menu, normal taps. */
  disabled?: boolean;
}

const MENU_W = 150;
const MOVE_TOLERANCE = 10;

/**
 * Opens a small popup (about 130x60 px) at the press point after a long press of LONG_PRESS_MS
 * on touch, or on right click. Lifting the finger after a long press is never a tap: the click
 * a touch screen sends on release would land on the open menu's backdrop (closing it), on an
 * item under the finger, or on the child, so the first click after the menu opened is
 * swallowed wherever it lands (until the next press starts).
 */
export function ContextMenu({ items, children, disabled }: ContextMenuProps) {
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = undefined;
    start.current = null;
  };
  const unguard = useRef<(() => void) | undefined>(undefined);
  useEffect(
    () => () => {
      cancel();
      unguard.current?.();
    },
    [],
  );

  /** Swallows the click that ends this long press, wherever it lands; a new press disarms it. */
  const guardRelease = () => {
    unguard.current?.();
    const stop = (e: Event) => {
      e.preventDefault();
      e.stopPropagation();
      done();
    };
    const done = () => {
      window.removeEventListener('click', stop, true);
      window.removeEventListener('pointerdown', done, true);
      unguard.current = undefined;
    };
    window.addEventListener('click', stop, true);
    window.addEventListener('pointerdown', done, true);
    unguard.current = done;
  };

  const open = (x: number, y: number) => {
    haptic.impact('medium');
    const height = items.length * 44 + 8;
    setAt({
      x: Math.max(8, Math.min(x, window.innerWidth - MENU_W - 8)),
      y: Math.max(8, Math.min(y, window.innerHeight - height - 8)),
    });
  };

  if (disabled) return <>{children}</>;

  const onPointerDown = (e: RPointerEvent) => {
    if (e.pointerType === 'mouse') return; // the mouse uses right click
    fired.current = false;
    start.current = { x: e.clientX, y: e.clientY };
    const { clientX, clientY } = e;
    timer.current = setTimeout(() => {
      fired.current = true;
      guardRelease();
      open(clientX, clientY);
    }, LONG_PRESS_MS);
  };
  const onPointerMove = (e: RPointerEvent) => {
    const s = start.current;
    if (s && Math.hypot(e.clientX - s.x, e.clientY - s.y) > MOVE_TOLERANCE) cancel();
  };

  return (
    <>
      <div
        className={styles.pressTarget}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={cancel}
        onPointerCancel={cancel}
        onContextMenu={(e) => {
          e.preventDefault();
          // A touch browser also reports the long press itself as a context menu: open once.
          if (fired.current) return;
          cancel();
          open(e.clientX, e.clientY);
        }}
      >
        {children}
      </div>
      {at &&
        createPortal(
          <div className={styles.menuLayer} onClick={() => setAt(null)} onContextMenu={(e) => e.preventDefault()}>
            <div className={styles.menu} role="menu" style={{ left: at.x, top: at.y }} onClick={(e) => e.stopPropagation()}>
              {items.map((item) => (
                <button
                  key={item.label}
                  type="button"
                  role="menuitem"
                  className={[styles.menuItem, item.destructive ? styles.menuItemDanger : ''].join(' ')}
                  onClick={() => {
                    setAt(null);
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              ))}
            </div>
          </div>,
          document.body,
        )}
    </>
  );
}
