import { useCallback, useState, type ReactNode } from 'react';
import { useMe } from '../../../api/me';
import { ConfirmDialog, ContextMenu } from '../../../ui';

interface AdminActionsProps {
  children: ReactNode;
  /** The confirmation's question, naming the item: 'Видалити предмет «Фізика»?'. */
  deleteQuestion: string;
  onEdit: () => void;
  /** Runs after the admin confirmed the spec's dialog. */
  onDelete: () => void;
}

/**
 * An admin's long-press / right-click menu 'Редагувати' / 'Видалити' around a catalogue item,
 * with the spec's confirmation before a delete. For everyone else the children are untouched.
 */
export function AdminActions({ children, deleteQuestion, onEdit, onDelete }: AdminActionsProps) {
  const { isAdmin } = useMe();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCallback(() => setConfirming(false), []);

  if (!isAdmin) return <>{children}</>;
  return (
    <>
      <ContextMenu
        items={[
          { label: 'Редагувати', onSelect: onEdit },
          { label: 'Видалити', onSelect: () => setConfirming(true), destructive: true },
        ]}
      >
        {children}
      </ContextMenu>
      <ConfirmDialog
        open={confirming}
        question={deleteQuestion}
        onCancel={cancel}
        onConfirm={() => {
          setConfirming(false);
          onDelete();
        }}
      />
    </>
  );
}
