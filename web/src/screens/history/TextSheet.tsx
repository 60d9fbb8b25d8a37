import { useState, type ReactNode } from 'react';
import { FormSheet, TextArea } from '../../ui';

interface TextSheetProps {
  open: boolean;
  title: string;
  description: ReactNode;
  label: string;
  placeholder: string;
  max: number;
  /** The contract's message for an empty text (the server says the same). */
  empty: string;
  submitText: string;
  destructive?: boolean;
  sending: boolean;
  onClose: () => void;
  onSubmit: (text: string) => void;
}

/** A sheet asking for one required text: a revision's comment, a dispute's reason. */
export function TextSheet({ open, label, placeholder, max, empty, onSubmit, ...sheet }: TextSheetProps) {
  const [text, setText] = useState('');
  const [marked, setMarked] = useState(false);
  const blank = text.trim() === '';
  return (
    <FormSheet
      {...sheet}
      open={open}
      onSubmit={() => {
        setMarked(true);
        if (!blank) onSubmit(text.trim());
      }}
    >
      <TextArea
        label={label}
        placeholder={placeholder}
        value={text}
        maxLength={max}
        autoFocus
        disabled={sheet.sending}
        error={marked && blank ? empty : undefined}
        hint={text.length > max - 200 ? `${text.length} / ${max}` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
    </FormSheet>
  );
}
