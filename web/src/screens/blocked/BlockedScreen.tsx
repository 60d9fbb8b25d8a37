import { MSG } from '@zalik/contract';
import { useEffect } from 'react';
import { haptic, setBackButtonVisible } from '../../telegram/sdk';
import { StatusScreen } from '../../ui';

/** Everything a banned user sees: the whole app is replaced by this screen. */
export function BlockedScreen() {
  useEffect(() => haptic.notification('error'), []);
  // A ban mid-session replaces the screen the user was on; its back button would lead nowhere.
  useEffect(() => setBackButtonVisible(false), []);
  return <StatusScreen lottie="blocked" loop={false} title="Доступ обмежено" text={MSG.blocked} testId="blocked-text" />;
}
