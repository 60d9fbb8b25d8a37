import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { goBack, useBackButtonOverride } from '../telegram/BackButton';
import { draftStore, setCloseConfirmation } from '../telegram/reach';
import { ConfirmDialog } from '../ui';

/** A draft is written this long after the last keystroke (Telegram's storage is a round trip to the client). */
const SAVE_DELAY_MS = 400;

/** Telegram's storage keys allow [A-Za-z0-9_-]: `draft_<form>_<id>`. */
export const draftKey = (form: string, id?: string) => `draft_${form}${id ? `_${id.replace(/[^A-Za-z0-9_-]/g, '')}` : ''}`;

export const LEAVE_DRAFT = {
  title: 'Вийти з форми?',
  text: 'Введене не надіслано. Воно збережеться як чернетка, і ви зможете продовжити пізніше.',
  leave: 'Вийти',
  stay: 'Залишитися',
} as const;

export interface DraftOptions {
  /** `draftKey(...)`; null: no draft (the form is not ready). */
  key: string | null;
  /** The form's input as one string (JSON for several fields). */
  value: string;
  /** Nothing typed: no draft is kept and leaving needs no question. */
  empty: boolean;
  /** Puts a saved draft back into the form (called once, when one exists). */
  restore: (saved: string) => void;
}

/**
 * Keeps a half-typed form in Telegram's cloud storage: restored when the form
 * opens again, cleared by `clear()` after a successful send. While something is typed the back
 * button asks before leaving (`dialog` must be rendered) and Telegram asks before closing the app.
 */
export function useDraft({ key, value, empty, restore }: DraftOptions): { clear: () => void; dialog: ReactNode } {
  const [loaded, setLoaded] = useState(false);
  const cleared = useRef(false);
  const pending = useRef<{ key: string; value: string } | null>(null);
  const restoreRef = useRef(restore);
  useEffect(() => {
    restoreRef.current = restore;
  });

  useEffect(() => {
    if (!key) return;
    let live = true;
    void draftStore.get(key).then((saved) => {
      if (!live) return;
      try {
        if (saved) restoreRef.current(saved);
      } catch {
        // A draft this version cannot read is dropped with the next keystroke.
      }
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [key]);

  useEffect(() => {
    // Before the saved draft was read, the empty form would overwrite it.
    if (!key || !loaded) return;
    if (cleared.current) {
      // The send emptied the form; what is typed after it is a new draft.
      if (empty) cleared.current = false;
      return;
    }
    const write = { key, value: empty ? '' : value };
    pending.current = write;
    const timer = window.setTimeout(() => {
      pending.current = null;
      void draftStore.set(write.key, write.value);
    }, SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key, value, empty, loaded]);

  // Leaving right after a keystroke: the last input is written anyway.
  useEffect(
    () => () => {
      const last = pending.current;
      if (last) void draftStore.set(last.key, last.value);
    },
    [],
  );

  useEffect(() => {
    if (empty) return;
    setCloseConfirmation(true);
    return () => setCloseConfirmation(false);
  }, [empty]);

  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [asking, setAsking] = useState(false);
  useBackButtonOverride(empty ? null : () => setAsking(true));
  const stay = useCallback(() => setAsking(false), []);
  const leave = () => {
    setAsking(false);
    goBack(navigate, pathname);
  };

  const clear = useCallback(() => {
    if (!key) return;
    cleared.current = true;
    pending.current = null;
    void draftStore.set(key, '');
  }, [key]);

  const dialog = (
    <ConfirmDialog
      open={asking}
      title={LEAVE_DRAFT.title}
      text={LEAVE_DRAFT.text}
      confirmLabel={LEAVE_DRAFT.leave}
      cancelLabel={LEAVE_DRAFT.stay}
      onConfirm={leave}
      onCancel={stay}
      destructive={false}
    />
  );
  return { clear, dialog };
}
