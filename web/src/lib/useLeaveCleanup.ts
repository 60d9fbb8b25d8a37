import { useEffect, useRef } from 'react';

/**
 * Runs `onLeave` once the user has left the area under `basePath` (the layout unmounted and
 * the address is elsewhere). Checked a tick later, so React's StrictMode remount and a move
 * between the area's own sub-screens never count as leaving.
 */
export function useLeaveCleanup(basePath: string, onLeave: () => void): void {
  const leave = useRef(onLeave);
  useEffect(() => {
    leave.current = onLeave;
  });
  useEffect(
    () => () => {
      setTimeout(() => {
        const here = window.location.pathname.replace(/\/+$/, '');
        if (here !== basePath && !here.startsWith(`${basePath}/`)) leave.current();
      }, 0);
    },
    [basePath],
  );
}
