import { useState } from 'react';
import { GRANTABLE_ROLES, MSG, type User } from '@zalik/contract';
import { haptic } from '../../telegram/sdk';
import { Cell, ConfirmDialog, IconTile, Section, ShieldIcon, useToast } from '../../ui';
import { paths } from '../../lib/paths';
import { useRevokeRole } from './api';
import { displayName, ROLE_LABEL } from './labels';

type Grantable = (typeof GRANTABLE_ROLES)[number];

/* iOS system colour (white glyph), as the profile's other tiles. */
const ROLE_TILE = '#5856d6';

/**
 * A user's roles beyond student: each one it holds can be taken away after a confirmation
 * (never the admin's own ROLE_ADMIN: the server refuses it, so the row is not offered), and a
 * role can be given on its own screen.
 */
export function RolesSection({ user, meId }: { user: User; meId: string }) {
  const revoke = useRevokeRole(user.telegramId);
  const [asking, setAsking] = useState<Grantable | null>(null);
  const [toast, showToast] = useToast();
  const held = GRANTABLE_ROLES.filter((r) => user.roles.includes(r) && !(r === 'ROLE_ADMIN' && user.telegramId === meId));

  const confirm = () => {
    const role = asking;
    setAsking(null);
    if (!role) return;
    revoke.mutate(role, {
      onSuccess: () => {
        haptic.notification('success');
        showToast(`${MSG.roleRevoked}: ${ROLE_LABEL[role]}`);
      },
      onError: () => haptic.notification('error'),
    });
  };

  return (
    <>
      {toast}
      <Section header="Ролі" footer="Роль діє одразу, без повторного входу користувача.">
        <Cell to={paths.admin.giveRole(user.telegramId)} before={<IconTile color={ROLE_TILE}><ShieldIcon size={19} /></IconTile>}>
          Видати роль
        </Cell>
        {held.map((role) => (
          <Cell key={role} tone="destructive" onClick={() => !revoke.isPending && setAsking(role)}>
            Забрати роль «{ROLE_LABEL[role]}»
          </Cell>
        ))}
      </Section>
      <ConfirmDialog
        open={asking !== null}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
        text={asking ? `Забрати роль «${ROLE_LABEL[asking]}» у ${displayName(user)}? Доступ зміниться одразу.` : ''}
        confirmLabel="Забрати"
        destructive
      />
    </>
  );
}
