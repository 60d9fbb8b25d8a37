import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAINTENANCE_MESSAGE_MAX, MSG, endpoints as ep, type MaintenanceStatus } from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';
import { haptic } from '../../telegram/sdk';
import { MainAction, Page, Section, SkeletonRows, Switch, TextArea, useToast } from '../../ui';
import { RequireRole } from '../../lib/RequireRole';
import styles from './admin-users.module.css';

/** /settings/admin-panel/maintenance: the switch that takes the app down for everyone but admins (lazy chunk). */
export default function MaintenanceAdminScreen() {
  const status = useQuery({ queryKey: qk.maintenance(), queryFn: () => call(ep.maintenanceStatus, {}) });
  return (
    <RequireRole role="admin">
      <Page title="Технічне обслуговування">
        {status.data ? <MaintenanceForm current={status.data} /> : <SkeletonRows count={2} />}
      </Page>
    </RequireRole>
  );
}

function MaintenanceForm({ current }: { current: MaintenanceStatus }) {
  const qc = useQueryClient();
  const [toast, showToast] = useToast();
  const [enabled, setEnabled] = useState(current.enabled);
  // The default text is what students read when the admin writes none: start from empty then.
  const [message, setMessage] = useState(current.message === MSG.maintenance ? '' : current.message);
  const save = useMutation({
    mutationFn: () => call(ep.setMaintenance, { body: { enabled, message: message.trim() } }),
    onSuccess: (saved) => {
      qc.setQueryData(qk.maintenance(), saved);
      haptic.notification('success');
      showToast(saved.enabled ? 'Обслуговування ввімкнено: студенти бачать повідомлення' : 'Обслуговування вимкнено');
    },
  });

  return (
    <>
      <Section
        footer={
          enabled
            ? 'Поки ввімкнено, студенти й розробники бачать лише це повідомлення; адміністратори працюють як завжди. Покупки, що вже почалися, завершаться.'
            : 'Увімкніть перед оновленням чи профілактикою: застосунок закриється для всіх, крім адміністраторів.'
        }
      >
        <Switch checked={enabled} onChange={setEnabled} label="Технічне обслуговування">
          Технічне обслуговування
        </Switch>
      </Section>
      <div className={styles.form}>
        <TextArea
          label="Повідомлення для студентів"
          value={message}
          maxLength={MAINTENANCE_MESSAGE_MAX}
          onChange={(e) => setMessage(e.target.value)}
          placeholder={MSG.maintenance}
          hint={`${message.length} / ${MAINTENANCE_MESSAGE_MAX}. Порожнє — стандартний текст.`}
        />
      </div>
      <MainAction text="Зберегти" loading={save.isPending} onAction={() => save.mutate()} />
      {toast}
    </>
  );
}
