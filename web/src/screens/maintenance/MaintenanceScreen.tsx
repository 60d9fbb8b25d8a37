import { useCallback, useEffect, useState } from 'react';
import { endpoints as ep } from '@zalik/contract';
import { call } from '../../api/client';
import { haptic } from '../../telegram/sdk';
import { Button, StatusScreen } from '../../ui';

/** How often the screen asks whether maintenance is over. */
const POLL_MS = 30_000;

/**
 * Everything a student sees while admins have the app down for maintenance: the admin's message.
 * It asks the public status call now and then, and by the button, and lets the app back in once off.
 */
export function MaintenanceScreen({ message, onOver }: { message: string; onOver: () => void }) {
  const [checking, setChecking] = useState(false);
  const [text, setText] = useState(message);

  const check = useCallback(async () => {
    setChecking(true);
    try {
      const status = await call(ep.maintenanceStatus, {});
      if (!status.enabled) {
        haptic.notification('success');
        onOver();
        return;
      }
      setText(status.message);
    } catch {
      // Still down, or offline: the next check tells.
    } finally {
      setChecking(false);
    }
  }, [onOver]);

  useEffect(() => {
    haptic.notification('warning');
    const timer = setInterval(() => void check(), POLL_MS);
    return () => clearInterval(timer);
  }, [check]);

  return (
    <StatusScreen lottie="news-rocket" title="Технічне обслуговування" text={text} testId="maintenance-text">
      <Button variant="secondary" loading={checking} onClick={() => void check()}>
        Перевірити знову
      </Button>
    </StatusScreen>
  );
}
