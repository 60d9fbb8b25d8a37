import { AUDIT_ACTION_LABELS, AUDIT_FIELD_LABELS, AUDIT_TARGET_LABELS, AUDIT_VALUE_LABELS, type AuditEntry } from '@zalik/contract';
import { formatDate } from '../../../lib/date';
import styles from './audit.module.css';

/** `order:45` as "Замовлення 45"; an unknown kind stays as written. */
export function targetText(target: string): string {
  const at = target.indexOf(':');
  if (at < 0) return AUDIT_TARGET_LABELS[target] ?? target;
  const label = AUDIT_TARGET_LABELS[target.slice(0, at)];
  const rest = target.slice(at + 1).replace(/:general$/, ' (загальний)').replace(/:dev$/, ' (розробника)');
  return label ? `${label} ${rest.replaceAll(',', ', ')}` : target;
}

const number = new Intl.NumberFormat('uk-UA', { maximumFractionDigits: 2 });

/** A recorded value as a person reads it. */
function valueText(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'так' : 'ні';
  if (typeof v === 'number') return number.format(v);
  if (Array.isArray(v)) return v.length ? v.map(valueText).join(', ') : '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return AUDIT_VALUE_LABELS[String(v)] ?? String(v);
}

/** Each field the action recorded, with its value before and after (only what either side has). */
export function changesOf(e: Pick<AuditEntry, 'before' | 'after'>): { field: string; before: string | null; after: string | null }[] {
  const fields = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  return fields.map((field) => ({
    field: AUDIT_FIELD_LABELS[field] ?? field,
    before: e.before ? valueText(e.before[field]) : null,
    after: e.after ? valueText(e.after[field]) : null,
  }));
}

/** One admin action: what, when, by whom, on what, and what changed. */
export function AuditEntryRow({ entry: e }: { entry: AuditEntry }) {
  const who = e.admin.username ? `@${e.admin.username}` : e.admin.telegramId;
  return (
    <article className={styles.entry} aria-label={AUDIT_ACTION_LABELS[e.action]}>
      <div className={styles.head}>
        <span className={styles.title}>{AUDIT_ACTION_LABELS[e.action]}</span>
        <time className={styles.time} dateTime={e.at}>
          {formatDate(e.at)}
        </time>
      </div>
      <p className={styles.meta}>
        {who} · {targetText(e.target)}
      </p>
      <dl className={styles.changes}>
        {changesOf(e).map((c) => (
          <div key={c.field} className={styles.change}>
            <dt>{c.field}</dt>
            <dd>
              {c.before !== null && c.after !== null ? `${c.before} → ${c.after}` : c.after ?? `${c.before} → видалено`}
            </dd>
          </div>
        ))}
      </dl>
      {(e.requestId || e.ip) && (
        <p className={styles.trace}>
          {[e.requestId && `запит ${e.requestId}`, e.ip].filter(Boolean).join(' · ')}
        </p>
      )}
    </article>
  );
}
