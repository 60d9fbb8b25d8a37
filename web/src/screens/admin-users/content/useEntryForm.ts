import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { haptic } from '../../../telegram/sdk';

/**
 * What an entry form needs from the route: the `?id=` being edited ('' for a new one) and
 * `close()`, which goes back where the admin came from (the list on a fresh tab).
 */
export function useEntryForm(listPath: string): { id: string; close: () => void } {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const id = search.get('id')?.trim() ?? '';
  const close = () => {
    haptic.notification('success');
    if (location.key !== 'default') navigate(-1);
    else navigate(listPath, { replace: true });
  };
  return { id, close };
}
