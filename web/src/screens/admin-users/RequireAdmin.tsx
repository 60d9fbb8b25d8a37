import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useMe } from '../../api/me';

/** Admin screens send anyone else (an old link) back to settings; the server refuses them anyway. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return useMe().isAdmin ? <>{children}</> : <Navigate to="/settings" replace />;
}

/** The `?telegramId=` a user screen is about, or '' when it is missing or not an id. */
export function telegramIdParam(search: URLSearchParams): string {
  const id = search.get('telegramId')?.trim() ?? '';
  return /^[1-9]\d{0,15}$/.test(id) ? id : '';
}
