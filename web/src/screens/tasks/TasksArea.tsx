import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { clearFilters } from './lib/storage';

export const LIST_AREA = '/list-task';

export function inListArea(pathname: string): boolean {
  return pathname === LIST_AREA || pathname.startsWith(`${LIST_AREA}/`);
}

/**
 * Wraps this area's screens to drop the task filters on leaving the list area (spec 4): when
 * one of our screens outside /list-task shows (the subjects on `/`), and when our screens are
 * left for another area (checked against where the app went, so the buying screens under
 * /list-task keep them).
 */
export function TasksArea() {
  const { pathname } = useLocation();

  useEffect(() => {
    if (!inListArea(pathname)) clearFilters();
  }, [pathname]);

  useEffect(
    () => () => {
      if (!inListArea(window.location.pathname)) clearFilters();
    },
    [],
  );

  return <Outlet />;
}
