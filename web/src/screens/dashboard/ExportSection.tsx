import { useState } from 'react';
import type { ExportKind } from '@zalik/contract';
import { Button, Input, Section, useDownload } from '../../ui';
import { useExportLink } from './api';
import { kyivDay } from '../../lib/kyivTime';
import styles from './dashboard.module.css';

const KINDS: { kind: ExportKind; label: string }[] = [
  { kind: 'transfers', label: 'Перекази' },
  { kind: 'orders', label: 'Замовлення' },
];

/** CSV files for the accountant: the transfers or the orders of a span of Kyiv days. */
export function ExportSection() {
  const today = kyivDay();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [picked, setPicked] = useState<ExportKind | null>(null);
  const link = useExportLink();
  const download = useDownload();
  const busy = link.isPending || download.loading;

  const start = (kind: ExportKind) => {
    if (busy) return;
    setPicked(kind);
    link.mutate({ kind, from, to }, { onSuccess: (made) => download.start(made.link, made.fileName) });
  };

  return (
    <Section
      header="Експорт для бухгалтерії"
      footer="CSV у UTF-8 з роздільником «;» і десятковою комою: Excel з українськими налаштуваннями відкриває його подвійним клацанням. Дні — за київським часом, обидва включно."
    >
      <div className={styles.exportForm}>
        <div className={styles.dates}>
          <Input type="date" label="Від" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
          <Input type="date" label="До" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </div>
        <div className={styles.exportButtons}>
          {KINDS.map(({ kind, label }) => (
            <Button key={kind} variant="secondary" stretched loading={busy && picked === kind} onClick={() => start(kind)}>
              {label}
            </Button>
          ))}
        </div>
      </div>
    </Section>
  );
}
