import { Button, EmptyState, Page } from '../ui';

/** A whole-screen failure with a retry (sign-in or the first load did not work). */
export function FailureScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Page plain>
      <EmptyState text={message} animation="empty">
        <Button onClick={onRetry}>Спробувати ще раз</Button>
      </EmptyState>
    </Page>
  );
}
