import { useCallback, useState, type ReactNode } from 'react';
import type { User } from '@zalik/contract';
import { haptic } from '../../telegram/sdk';
import { ConfirmDialog, useToast } from '../../ui';
import { useToggleBan } from './api';
import { displayName } from './labels';

type Target = Pick<User, 'telegramId' | 'username' | 'isBanned'>;

/**
 * 'Заблокувати' / 'Розблокувати' behind the spec's confirmation dialog. `ask(user)` opens it;
 * render `node` once. The request sends the opposite of the state the admin was looking at.
 */
export function useBanFlow(): { ask: (user: Target) => void; node: ReactNode; pending: boolean } {
  const [target, setTarget] = useState<Target | null>(null);
  const toggle = useToggleBan();
  const [toast, showToast] = useToast();
  const cancel = useCallback(() => setTarget(null), []);

  const confirm = () => {
    if (!target) return;
    const user = target;
    setTarget(null);
    toggle.mutate(user, {
      onSuccess: () => {
        haptic.notification('success');
        showToast(user.isBanned ? `${displayName(user)}: блокування знято` : `${displayName(user)}: заблоковано`);
      },
    });
  };

  const node = (
    <>
      {toast}
      <ConfirmDialog
        open={target !== null}
        onConfirm={confirm}
        onCancel={cancel}
        text={
          target?.isBanned
            ? `Розблокувати ${displayName(target)}? Користувач знову зможе відкривати застосунок.`
            : `Заблокувати ${displayName(target ?? { username: '' })}? Користувач не зможе відкрити застосунок, доки ви не знімете блокування.`
        }
        destructive={!target?.isBanned}
      />
    </>
  );
  return { ask: setTarget, node, pending: toggle.isPending };
}
