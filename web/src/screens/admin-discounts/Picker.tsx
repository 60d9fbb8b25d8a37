import { useEffect, useState, type ReactNode } from 'react';
import { CloseIcon, Input, Section, SelectRow, SkeletonRows } from '../../ui';
import styles from './admin-discounts.module.css';

const SEARCH_DELAY_MS = 250;

export interface Pick {
  id: string;
  label: string;
  subtitle?: string;
}

interface PickerProps {
  header: string;
  /** The search field's accessible name and placeholder. */
  searchLabel: string;
  placeholder: string;
  chosen: Pick[];
  onChange: (chosen: Pick[]) => void;
  /** The rows for what was typed (after a short pause). */
  useResults: (text: string) => { data?: Pick[]; isPending: boolean };
  /** Called instead of adding past the cap. */
  max: number;
  onTooMany: () => void;
  footer?: ReactNode;
}

/** Under the rows: typing more finds the others. */
const NARROW = 'Не бачите потрібного? Уточніть пошук.';

/**
 * Several items chosen by searching: what is chosen shows as chips (a tap removes one), the
 * search's rows as checkboxes. Choices survive new searches.
 */
export function Picker({ header, searchLabel, placeholder, chosen, onChange, useResults, max, onTooMany, footer }: PickerProps) {
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setText(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [typed]);
  const results = useResults(text);
  const isChosen = (id: string) => chosen.some((c) => c.id === id);
  const toggle = (p: Pick) => {
    if (isChosen(p.id)) onChange(chosen.filter((c) => c.id !== p.id));
    else if (chosen.length >= max) onTooMany();
    else onChange([...chosen, p]);
  };

  return (
    <Section header={chosen.length ? `${header}: ${chosen.length}` : header} footer={footer}>
      {chosen.length > 0 && (
        <div className={styles.chips} aria-label={`Обрано: ${header.toLowerCase()}`}>
          {chosen.map((c) => (
            <button key={c.id} type="button" className={styles.chip} aria-label={`Прибрати: ${c.label}`} onClick={() => toggle(c)}>
              <span className={styles.chipText}>{c.label}</span>
              <CloseIcon size={14} />
            </button>
          ))}
        </div>
      )}
      <div className={styles.pickerSearch}>
        <Input type="search" autoComplete="off" aria-label={searchLabel} placeholder={placeholder} maxLength={100} value={typed} onChange={(e) => setTyped(e.target.value)} />
      </div>
      {results.isPending ? (
        <SkeletonRows count={3} kind="picker" subtitle />
      ) : results.data?.length ? (
        <>
          {results.data.map((p) => (
            <SelectRow key={p.id} selected={isChosen(p.id)} onToggle={() => toggle(p)} subtitle={p.subtitle}>
              {p.label}
            </SelectRow>
          ))}
          <p className={styles.pickerHint}>{NARROW}</p>
        </>
      ) : (
        <p className={styles.pickerHint}>Нічого не знайдено</p>
      )}
    </Section>
  );
}
