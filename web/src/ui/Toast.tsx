import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CheckCircleIcon } from './icons';
import styles from './Toast.module.css';

const TOAST_MS = 3000;

/**
 * A short confirmation at the top of the screen ('Посилання успішно скопійовано!'), the calm
 * counterpart of the red error banner. Returns the element to render and `show(text)`.
 */
export function useToast(): [ReactNode, (text: string) => void] {
  const [toast, setToast] = useState<{ text: string; seq: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((text: string) => {
    clearTimeout(timer.current);
    setToast((t) => ({ text, seq: (t?.seq ?? 0) + 1 }));
    timer.current = setTimeout(() => setToast(null), TOAST_MS);
  }, []);

  const node = toast
    ? createPortal(
        <div className={styles.toast} role="status" key={toast.seq}>
          <CheckCircleIcon size={20} />
          <p>{toast.text}</p>
        </div>,
        document.body,
      )
    : null;
  return [node, show];
}
