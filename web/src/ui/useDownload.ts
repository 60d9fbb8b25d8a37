import { useEffect, useRef, useState } from 'react';
import { DOWNLOAD_RESET_MS } from '@zalik/contract';
import { downloadFile } from '../telegram/sdk';

/**
 * A download button's state: `loading` from the tap until DOWNLOAD_RESET_MS after the file
 * was handed to Telegram (or the hidden frame), so a second tap cannot start it twice.
 * A refused or unavailable download is only logged (spec 8).
 */
export function useDownload(): { loading: boolean; start: (link: string, fileName: string) => void } {
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const start = (link: string, fileName: string) => {
    if (loading) return;
    setLoading(true);
    const reset = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setLoading(false), DOWNLOAD_RESET_MS);
    };
    downloadFile(link, fileName).then(reset, (err: unknown) => {
      console.warn('[download]', err);
      reset();
    });
  };
  return { loading, start };
}
