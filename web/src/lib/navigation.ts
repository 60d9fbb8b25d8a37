import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Back to the screen the admin came from, or to `fallback` when this screen was opened
 * directly (a reload or a shared link leaves no in-app history to go back through).
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  // The router keys the first entry of a session 'default': there is nothing behind it.
  const first = useLocation().key === 'default';
  return useCallback(() => {
    if (first) navigate(fallback, { replace: true });
    else navigate(-1);
  }, [navigate, fallback, first]);
}

/** Reads a field of the navigation state whatever shape the caller passed (`{subject}` or the subject itself). */
export function stateField<T>(state: unknown, key: string): T | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  const inner = s[key];
  if (inner && typeof inner === 'object') return inner as T;
  return 'id' in s ? (s as T) : null;
}

/** The screen one level up (the sub-screen's last path segment dropped), with the same query. */
export function useParentPath(): string {
  const { pathname, search } = useLocation();
  const trimmed = pathname.replace(/\/+$/, '');
  return `${trimmed.slice(0, trimmed.lastIndexOf('/')) || '/'}${search}`;
}

/** Back to the screen above this sub-screen. */
export function useGoUp(): () => void {
  return useGoBack(useParentPath());
}
