import { FullScreenSpinner } from '../../ui';

/** /loading: a spinner (what a slow start or a redirect shows). */
export function LoadingScreen() {
  return <FullScreenSpinner />;
}
