import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useBackButtonOverride } from '../telegram/BackButton';
import { CloseIcon } from './icons/CloseIcon';
import { hideError } from './errorBanner';
import styles from './BottomSheet.module.css';

/** Where a SheetFooter inside the sheet's content puts its buttons. */
const FooterSlot = createContext<HTMLElement | null>(null);

/**
 * The sheet's buttons, pinned under its scrolling content, from whichever step of the content
 * renders them (the step's MainAction with `inline`). Empty (Telegram draws the MainButton), it
 * takes no room.
 */
export function SheetFooter({ children }: { children: ReactNode }) {
  const slot = useContext(FooterSlot);
  return slot ? createPortal(children, slot) : null;
}

interface BottomSheetProps {
  /** The sheet's heading and accessible name. */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /**
   * Over everything, Telegram's header included: the demo's stand-ins for Telegram's own sheets.
   * The app's sheets stay under the header, as a mini-app's content does.
   */
  system?: boolean;
  /** While true (a form being sent) nothing closes the sheet and its close button is disabled. */
  busy?: boolean;
  testId?: string;
}

/**
 * A Telegram-like bottom sheet: a titled panel with a close button rising from the bottom edge
 * over a dimmed screen (the bottom navigation too), inside the safe areas; the page behind does
 * not scroll while it is open. Telegram's back button, Escape, the dim and the close button call
 * `onClose`.
 */
export function BottomSheet({ title, onClose, children, system, busy = false, testId }: BottomSheetProps) {
  const titleId = useId();
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  const sending = useRef(busy);
  useEffect(() => {
    close.current = onClose;
    sending.current = busy;
  });
  const tryClose = useCallback(() => {
    if (!sending.current) close.current();
  }, []);
  // The system sheets cover the header the back button lives in, as Telegram's own sheets do.
  useBackButtonOverride(system ? null : tryClose);

  // Opening the sheet is the user's next step: an earlier attempt's banner must not sit over it
  // (the banner is drawn under sheets and dialogs; one raised by the sheet's own send still shows).
  useEffect(() => hideError(), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && tryClose();
    window.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // A field that took focus itself (autoFocus) keeps it; otherwise the reader starts at the sheet.
    if (!panel.current?.contains(document.activeElement)) panel.current?.focus({ preventScroll: true });
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [tryClose]);

  return createPortal(
    <div className={`${styles.backdrop} ${system ? styles.system : ''}`} onClick={tryClose}>
      <div
        ref={panel}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        onClick={(e) => e.stopPropagation()}
      >
        {/* A div, not a <header>: outside main, that is a second banner landmark beside the app's. */}
        <div className={styles.header}>
          <h2 className={styles.title} id={titleId}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="Закрити" onClick={tryClose} disabled={busy}>
            <CloseIcon size={16} />
          </button>
        </div>
        <FooterSlot.Provider value={footer}>
          <div className={styles.body}>{children}</div>
        </FooterSlot.Provider>
        <div className={styles.footer} ref={setFooter} />
      </div>
    </div>,
    document.body,
  );
}
