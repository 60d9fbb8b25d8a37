import { MSG } from '@zalik/contract';
import { useQueryClient } from '@tanstack/react-query';
import { markOnline, useOffline } from '../api/network';
import { Button } from '../ui';
import { useReservedTop } from '../ui/bannerSpace';
import styles from './OfflineBar.module.css';

/** The one offline message, with a retry of every read the open screen needs. */
export function OfflineBar() {
  const offline = useOffline();
  const qc = useQueryClient();
  const reserve = useReservedTop('--offline-space');
  if (!offline) return null;
  const retry = () => {
    markOnline();
    void qc.refetchQueries({ type: 'active' });
  };
  return (
    <div className={styles.bar} role="alert" data-testid="offline" ref={reserve}>
      <p className={styles.text}>{MSG.networkError}</p>
      <Button size="small" variant="secondary" onClick={retry}>
        Спробувати ще раз
      </Button>
    </div>
  );
}
