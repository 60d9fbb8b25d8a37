import { MSG } from '@zalik/contract';
import { useEffect } from 'react';
import { haptic } from '../../telegram/sdk';
import { StatusScreen } from '../../ui';

/** Everything a banned user sees: the whole app is replaced by this screen. */
export function BlockedScreen() {
  useEffect(() => haptic.notification('error'), []);
  return <StatusScreen lottie="blocked" loop={false} title="Доступ обмежено" text={MSG.blocked} testId="blocked-text" />;
}
