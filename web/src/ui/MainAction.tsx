import { useOffline } from '../api/network';
import { useMainButton } from '../telegram/MainButton';
import { Button, FixedBottomButton } from './Button';

export interface MainActionProps {
  /** The button's text (Telegram's MainButton takes plain text only). */
  text: string;
  onAction: () => void;
  disabled?: boolean;
  loading?: boolean;
  /** In a form: the in-page button submits it (so Enter in a field does too) instead of calling onAction. */
  submit?: boolean;
  /** In a bottom sheet: the in-page button sits in the sheet's footer instead of pinned to the screen. */
  inline?: boolean;
}

/**
 * A screen's primary action: Telegram's MainButton where the client draws it, else the pinned
 * in-page button (the demo in a plain browser). Inactive while offline (api/network.ts).
 */
export function MainAction({ text, onAction, disabled: refused = false, loading = false, submit, inline }: MainActionProps) {
  // A purchase or a send cannot go anywhere offline: the action waits for the connection.
  const offline = useOffline();
  const disabled = refused || offline;
  const native = useMainButton({ text, enabled: !disabled, loading, onClick: onAction });
  if (native) return null;
  if (inline) {
    return (
      <Button size="large" stretched type={submit ? 'submit' : 'button'} onClick={submit ? undefined : onAction} disabled={disabled} loading={loading}>
        {text}
      </Button>
    );
  }
  return (
    <FixedBottomButton type={submit ? 'submit' : 'button'} onClick={submit ? undefined : onAction} disabled={disabled} loading={loading}>
      {text}
    </FixedBottomButton>
  );
}
