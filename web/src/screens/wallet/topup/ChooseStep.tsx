import { useState, type ReactNode } from 'react';
import { formatUah, starsPrice, type DepositOptions, type DepositProvider, type DepositRequest } from '@zalik/contract';
import { haptic } from '../../../telegram/sdk';
import { CardIcon, Input, MainAction, SectionHeader, SheetFooter, StarIcon, Stars } from '../../../ui';
import { checkDepositAmount } from './amount';
import { useCreateDeposit } from './api';
import styles from './topup.module.css';

/** What the student picked: a preset amount or another one, and the method. */
export interface Draft {
  preset: number | 'other';
  other: string;
  provider: DepositProvider;
}

export function initialDraft(options: DepositOptions): Draft {
  const presets = options.presets;
  return {
    preset: presets[1] ?? presets[0] ?? 'other',
    other: '',
    // Telegram asks digital goods to be paid in Stars: offered first when the bot can take them.
    provider: options.stars.available ? 'TELEGRAM_STARS' : 'MONOBANK',
  };
}

/* Tiles carry white glyphs: Telegram's Stars gold and the blue of its payment icons. */
const TILE = { stars: '#f5a300', card: '#007aff' } as const;

interface ChooseStepProps {
  options: DepositOptions;
  draft: Draft;
  onDraft: (draft: Draft) => void;
  onCreated: (request: DepositRequest) => void;
}

/** The sheet's first step: the amount (a preset or another one) and the method, then 'Оплатити'. */
export function ChooseStep({ options, draft, onDraft, onCreated }: ChooseStepProps) {
  const create = useCreateDeposit();
  // The other amount's error shows once the student has tried to pay, then follows the typing.
  const [tried, setTried] = useState(false);
  const { minAmount: min, maxAmount: max } = options;
  const check = draft.preset === 'other' ? checkDepositAmount(draft.other, min, max) : ({ ok: true, amount: draft.preset } as const);
  const set = (patch: Partial<Draft>) => onDraft({ ...draft, ...patch });

  const pick = (preset: Draft['preset']) => {
    if (preset !== draft.preset) haptic.selection();
    set({ preset });
  };

  const pay = () => {
    setTried(true);
    if (!check.ok || create.isPending) return;
    create.mutate({ amount: check.amount, provider: draft.provider }, { onSuccess: onCreated });
  };

  const stars = check.ok ? starsPrice(check.amount, options.stars.kopecksPerStar, options.stars.feePercent) : null;
  const fee = options.stars.feePercent;
  const starsNote = !options.stars.available ? (
    'Зараз недоступно'
  ) : stars === null ? (
    'Ціну в зірках покажемо, щойно введете суму'
  ) : (
    <>
      <Stars n={stars} />
      {fee > 0 && ` (з комісією ${fee} %)`}
    </>
  );
  const cardNote = options.monobank.automatic ? 'Monobank · Visa, Mastercard, без комісії' : 'Monobank · зарахування адміністратором';

  return (
    <>
      <section className={styles.group}>
        <SectionHeader>Сума</SectionHeader>
        <div className={styles.amounts} role="radiogroup" aria-label="Сума поповнення">
          {options.presets.map((v) => (
            <button key={v} type="button" role="radio" aria-checked={draft.preset === v} className={styles.amount} onClick={() => pick(v)}>
              {formatUah(v)}
            </button>
          ))}
          <button type="button" role="radio" aria-checked={draft.preset === 'other'} className={styles.amount} onClick={() => pick('other')}>
            Інша
          </button>
        </div>
        {draft.preset === 'other' && (
          <div className={styles.otherAmount}>
            <Input
              label="Інша сума, грн"
              inputMode="decimal"
              autoComplete="off"
              autoFocus
              placeholder={`Від ${min} до ${max}`}
              value={draft.other}
              onChange={(e) => set({ other: e.target.value })}
              onKeyDown={(e) => e.key === 'Enter' && pay()}
              error={tried && !check.ok ? check.message : undefined}
              hint={`Від ${formatUah(min)} до ${formatUah(max)} за один раз`}
            />
          </div>
        )}
      </section>

      <section className={styles.group}>
        <SectionHeader>Спосіб оплати</SectionHeader>
        <div className={styles.methods} role="radiogroup" aria-label="Спосіб оплати">
          <Method
            checked={draft.provider === 'TELEGRAM_STARS'}
            disabled={!options.stars.available}
            tile={TILE.stars}
            icon={<StarIcon size={18} />}
            title="Telegram Stars"
            note={starsNote}
            onPick={() => set({ provider: 'TELEGRAM_STARS' })}
          />
          <Method
            checked={draft.provider === 'MONOBANK'}
            tile={TILE.card}
            icon={<CardIcon size={19} />}
            title="Банківська картка"
            note={cardNote}
            onPick={() => set({ provider: 'MONOBANK' })}
          />
        </div>
      </section>

      <SheetFooter>
        <MainAction inline text="Оплатити" loading={create.isPending} disabled={tried && !check.ok} onAction={pay} />
      </SheetFooter>
    </>
  );
}

interface MethodProps {
  checked: boolean;
  disabled?: boolean;
  tile: string;
  icon: ReactNode;
  title: string;
  note: ReactNode;
  onPick: () => void;
}

/** A payment method row: a radio that reads as a settings cell, the price or the terms under its name. */
function Method({ checked, disabled, tile, icon, title, note, onPick }: MethodProps) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      disabled={disabled}
      className={styles.method}
      onClick={() => {
        if (!checked) haptic.selection();
        onPick();
      }}
    >
      <span className={styles.tile} style={{ background: tile }} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.methodText}>
        <span className={styles.methodTitle}>{title}</span>
        <span className={styles.methodNote}>{note}</span>
      </span>
      <span className={styles.radio} aria-hidden="true" />
    </button>
  );
}
