import { useEffect, useRef, useState } from 'react';
import { haptic, hasMainButton, onMainButton, setMainButton } from './sdk';

export interface MainButtonOptions {
  text: string;
  enabled: boolean;
  loading: boolean;
  onClick: () => void;
}

/**
 * Drives Telegram's MainButton for a screen's primary action (purchase, send, save) while the
 * screen is mounted: its text, whether it can be tapped, and its progress state. Returns true
 * when Telegram draws it; false (the demo in a plain browser, an old client) tells the screen
 * to render its own in-page button instead.
 */
export function useMainButton({ text, enabled, loading, onClick }: MainButtonOptions): boolean {
  const [native] = useState(hasMainButton);
  const click = useRef(onClick);
  useEffect(() => {
    click.current = onClick;
  });

  useEffect(() => {
    if (!native) return;
    const off = onMainButton(() => {
      haptic.impact('medium');
      click.current();
    });
    return () => {
      off();
      setMainButton(null);
    };
  }, [native]);

  useEffect(() => {
    if (native) setMainButton({ text, enabled, loading });
  }, [native, text, enabled, loading]);

  return native;
}
