import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * Leaves a picker for its list: back through history when the list opened it (so the stack
 * stays list → picker → …), otherwise (a reload, a deep link) to the list in its place.
 */
export function useBackToList(subjectId: string): () => void {
  const navigate = useNavigate();
  const { state } = useLocation();
  return () => {
    if ((state as { fromList?: boolean } | null)?.fromList) navigate(-1);
    else navigate(paths.subject(subjectId), { replace: true });
  };
}
