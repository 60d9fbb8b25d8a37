import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onBackButton, setBackButtonVisible } from './sdk';
import { basePaths } from '../lib/basePaths';

/** Screens without a back button: the four tabs and the screens a user cannot leave backwards. */
export const ROOT_PATHS: ReadonlySet<string> = new Set([
  basePaths.home,
  basePaths.wallet.root,
  basePaths.invitation.root,
  basePaths.settings.root,
  basePaths.chooseCourse,
  basePaths.loading,
]);

/** Paths that are only prefixes, never screens: going "up" past them lands on the tasks tab. */
const NOT_SCREENS = new Set([basePaths.listArea, basePaths.threadArea, basePaths.taskForm.root('add'), basePaths.taskForm.root('edit')]);

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The screen "above" a path, used when there is no in-app history to go back through. */
export function parentPath(pathname: string): string {
  let p = normalize(pathname);
  do {
    p = p.slice(0, p.lastIndexOf('/')) || '/';
  } while (NOT_SCREENS.has(p));
  return p;
}

/** Where the back button goes by default: back through the app's history, else up to the parent screen. */
export function goBack(navigate: ReturnType<typeof useNavigate>, pathname: string): void {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) void navigate(-1);
  else void navigate(parentPath(pathname), { replace: true });
}

let override: (() => void) | null = null;

/**
 * Lets a screen decide where Telegram's back button goes (e.g. the purchase result goes to
 * the tasks tab, not back to the form). Pass null to keep the default (router history).
 */
export function useBackButtonOverride(handler: (() => void) | null): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!handler) return;
    const fn = () => ref.current?.();
    override = fn;
    return () => {
      if (override === fn) override = null;
    };
  }, [handler === null]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** Keeps Telegram's back button in step with the router: hidden on root tabs, history back elsewhere. */
export function TelegramBackButton(): null {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const visible = !ROOT_PATHS.has(normalize(pathname));

  useEffect(() => {
    setBackButtonVisible(visible);
  }, [visible]);

  useEffect(
    () =>
      onBackButton(() => {
        if (override) {
          override();
          return;
        }
        goBack(navigate, pathname);
      }),
    [navigate, pathname],
  );

  return null;
}
