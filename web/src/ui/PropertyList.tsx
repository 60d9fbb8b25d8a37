import type { ReactNode } from 'react';
import styles from './PropertyList.module.css';

export interface Property {
  label: string;
  value: ReactNode;
}

/**
 * Label-value rows inside a Section card; long values wrap under their own column instead of
 * pushing the label out (task titles can be long).
 */
export function PropertyList({ items }: { items: Property[] }) {
  return (
    <dl className={styles.list}>
      {items.map((p) => (
        <div className={styles.row} key={p.label}>
          <dt className={styles.label}>{p.label}</dt>
          <dd className={styles.value}>{p.value}</dd>
        </div>
      ))}
    </dl>
  );
}
