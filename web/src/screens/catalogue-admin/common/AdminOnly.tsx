import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useMe } from '../../../api/me';

/**
 * These screens are for admins only; anyone else who lands here (an old link) goes to the
 * tasks tab. The server refuses their writes anyway: this only spares them a useless form.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin } = useMe();
  if (!isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
