import { useMe } from '../../../api/me';
import { Button } from '../../../ui';

/** An admin's '+ Додати …' button; renders nothing for everyone else. */
export function AddButton({ children, onClick }: { children: string; onClick: () => void }) {
  const { isAdmin } = useMe();
  if (!isAdmin) return null;
  return (
    <Button variant="secondary" stretched onClick={onClick}>
      {children}
    </Button>
  );
}
