import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { clearFilters } from './storageKey';
import { basePaths } from '../../../lib/basePaths';

export const LIST_AREA = basePaths.listArea;

export function inListArea(pathname: string): boolean {
  return pathname === LIST_AREA || pathname.startsWith(`${LIST_AREA}/`);
}

/**
 * Drops the task filters whenever the app shows a path outside /list-task (spec 4), whichever
 * screen it came from: the list, its pickers, or the buying screens under /list-task. Mounted
 * once by the MainLayout, so every route is watched.
 */
export function useListFiltersReset(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!inListArea(pathname)) clearFilters();
  }, [pathname]);
}
