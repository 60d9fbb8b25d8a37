import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { TASK_START_PREFIX, TEST_START_PREFIX, THREAD_START_PREFIX } from '@zalik/contract';
import { getStartParam } from '../telegram/sdk';
import { basePaths } from '../lib/basePaths';

/** Where this launch's `startapp` was already followed: a reload stays where the user went since. */
const FOLLOWED = 'zalik.startapp.followed';

/** `<subjectId>_<teacherId>_<taskId>` of a shared task card's button. */
const TASK_IDS = /^(\d{1,16})_(\d{1,16})_(\d{1,16})$/;

/**
 * The screen a launch's `startapp` opens, or null: `thread_<orderId>` (the bot's notice of new
 * messages) its thread; `task_…`/`test_…` (a shared task card) that task's buying screen.
 */
export function startAppPath(param: string | undefined): string | null {
  if (!param) return null;
  const thread = param.startsWith(THREAD_START_PREFIX) ? param.slice(THREAD_START_PREFIX.length) : null;
  if (thread !== null) return /^\d{1,16}$/.test(thread) ? basePaths.thread(thread) : null;
  const isTest = param.startsWith(TEST_START_PREFIX);
  if (!isTest && !param.startsWith(TASK_START_PREFIX)) return null;
  const ids = TASK_IDS.exec(param.slice((isTest ? TEST_START_PREFIX : TASK_START_PREFIX).length));
  if (!ids) return null;
  const [, subjectId, teacherId, taskId] = ids as unknown as [string, string, string, string];
  return `${(isTest ? basePaths.buyTest : basePaths.buyTask)(subjectId, taskId)}&teacherId=${encodeURIComponent(teacherId)}`;
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
