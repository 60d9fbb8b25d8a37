import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { GRANTABLE_ROLES } from '@zalik/contract';
import { haptic } from '../../telegram/sdk';
import { Checkbox, FixedBottomButton, Page, Section, SkeletonBar } from '../../ui';
import { useGrantRole, useUser } from './api';
import { displayName, ROLE_LABEL, telegramIdParam } from './labels';
import { RequireRole } from '../../lib/RequireRole';
import styles from './admin-users.module.css';
import { paths } from '../../lib/paths';

type Grantable = (typeof GRANTABLE_ROLES)[number];

const HINT: Record<Grantable, string> = {
  ROLE_ADMIN: 'Керує каталогом, користувачами, поповненнями та знижками.',
  ROLE_DEVELOPER: 'Виконує замовлення і має гаманець розробника для виплат.',
};

/** /settings/admin-panel/profile/give-role?telegramId=: grant exactly one of admin or developer (lazy chunk). */
export default function GiveRoleScreen() {
  const [search] = useSearchParams();
  const telegramId = telegramIdParam(search);
  return <RequireRole role="admin">{telegramId ? <GiveRole telegramId={telegramId} /> : <Navigate to={paths.admin.users} replace />}</RequireRole>;
}

function GiveRole({ telegramId }: { telegramId: string }) {
  const user = useUser(telegramId);
  const grant = useGrantRole(telegramId);
  const navigate = useNavigate();
  const location = useLocation();
  // Spec 4: exactly one role per submit. Radios keep it one here; the server still refuses two
  // (MSG.roleOne) from any other client.
  const [picked, setPicked] = useState<Grantable | null>(null);

  const submit = () => {
    if (!picked) return;
    grant.mutate(picked, {
      onSuccess: () => {
        haptic.notification('success');
        // Back where the admin came from (the list or the profile); a fresh tab goes to the profile.
        if (location.key !== 'default') navigate(-1);
        else navigate(paths.admin.user(telegramId), { replace: true });
      },
    });
  };

  const has = user.data?.roles ?? [];
  return (
    <Page title="Видати роль" subtitle={user.data ? `${displayName(user.data)} · ID ${telegramId}` : <SkeletonBar width={180} height={14} />}>
      <Section header="Роль" footer="Оберіть одну роль. Роль діє одразу, без повторного входу.">
        <div className={styles.roles} role="radiogroup" aria-label="Роль">
          {GRANTABLE_ROLES.map((role) => (
            <Checkbox key={role} radio name="role" checked={picked === role} onChange={() => setPicked(role)} disabled={grant.isPending}>
              <span className={styles.roleLabel}>
                {ROLE_LABEL[role]}
                {has.includes(role) && <span className={styles.badge}>вже має</span>}
              </span>
              <span className={styles.roleHint}>{HINT[role]}</span>
            </Checkbox>
          ))}
        </div>
      </Section>
      <FixedBottomButton loading={grant.isPending} disabled={!picked} onClick={submit}>
        Видати роль
      </FixedBottomButton>
    </Page>
  );
}
