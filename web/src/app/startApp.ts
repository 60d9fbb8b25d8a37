import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { THREAD_START_PREFIX } from '@zalik/contract';
import { getStartParam } from '../telegram/sdk';
import { basePaths } from '../lib/basePaths';

/** Where this launch's `startapp` was already followed: a reload stays where the user went since. */
const FOLLOWED = 'zalik.startapp.followed';

/** The screen a launch's `startapp` opens (the bot's notice of new messages: `thread_<orderId>`), or null. */
export function startAppPath(param: string | undefined): string | null {
  const thread = param?.startsWith(THREAD_START_PREFIX) ? param.slice(THREAD_START_PREFIX.length) : null;
  return thread && /^\d{1,16}$/.test(thread) ? basePaths.thread(thread) : null;
}

/** Opens the screen a bot button's direct link asked for, once per launch, over whatever the app opened on. */
export function useStartAppLink(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const param = getStartParam();
    const to = startAppPath(param);
    if (!to || sessionStorage.getItem(FOLLOWED) === param) return;
    sessionStorage.setItem(FOLLOWED, param!);
    navigate(to);
  }, [navigate]);
}
