import type { FormEvent, ReactNode } from 'react';
import { NAME_MAX } from '@zalik/contract';
import { FixedBottomButton, Input, Page, Section, SkeletonRows } from '../../../ui';
import styles from './admin.module.css';

interface FormScreenProps {
  title: string;
  submitLabel: string;
  onSubmit: () => void;
  saving: boolean;
  children: ReactNode;
}

/** The frame of the catalogue's small forms: a titled page, the fields, the bottom button (Enter submits too). */
export function FormScreen({ title, submitLabel, onSubmit, saving, children }: FormScreenProps) {
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    onSubmit();
  };
  return (
    <Page title={title}>
      <form className={styles.form} onSubmit={submit} noValidate>
        {children}
        <button type="submit" hidden />
      </form>
      <FixedBottomButton onClick={() => submit()} loading={saving}>
        {submitLabel}
      </FixedBottomButton>
    </Page>
  );
}

/** The item to edit is not at hand: skeleton rows while its list loads, then the spec's message. */
export function MissingItem({ title, pending, message, rows = 2 }: { title: string; pending: boolean; message: string; rows?: number }) {
  return (
    <Page title={title}>
      <Section>{pending ? <SkeletonRows count={rows} /> : <p className={styles.row}>{message}</p>}</Section>
    </Page>
  );
}

interface NameInputProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
}

/** A 1..NAME_MAX character name with its counter; the field stops at NAME_MAX, so a full field is never an error. */
export function NameInput({ label, placeholder, value, onChange, error, autoFocus }: NameInputProps) {
  return (
    <Input
      label={label}
      placeholder={placeholder}
      value={value}
      maxLength={NAME_MAX}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={`${value.trim().length}/${NAME_MAX}`}
      autoFocus={autoFocus}
    />
  );
}
