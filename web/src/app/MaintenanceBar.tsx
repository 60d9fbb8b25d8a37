import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, endpoints as ep } from '@zalik/contract';
import { baseKeys } from '../api/baseKeys';
import { call } from '../api/client';
import { haptic } from '../telegram/sdk';
import { Button } from '../ui';
import styles from './MaintenanceBar.module.css';

/**
 * The admin's reminder, above the navigation on every screen, that the app is down for everyone
 * else: admins keep working through maintenance and would otherwise forget it is on. One tap
 * turns it off, keeping the admin's message for next time (a lazy chunk: admins only).
 */
export function MaintenanceBar({ message }: { message: string }) {
  const qc = useQueryClient();
  const off = useMutation({
    mutationFn: () => call(ep.setMaintenance, { body: { enabled: false, message: message === MSG.maintenance ? '' : message } }),
    onSuccess: (saved) => {
      haptic.notification('success');
      qc.setQueryData(baseKeys.maintenance(), saved);
    },
  });
  return (
    <div className={styles.bar} role="status" data-testid="maintenance-bar">
      <p className={styles.text}>
        <b className={styles.title}>Обслуговування ввімкнено</b>
        <span className={styles.hint}>Відкрито лише адміністраторам</span>
      </p>
      <Button size="small" variant="secondary" loading={off.isPending} onClick={() => off.mutate()}>
        Вимкнути
      </Button>
    </div>
  );
}
