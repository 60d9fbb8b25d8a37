import type { ReactNode } from 'react';
import styles from './Page.module.css';

interface PageProps {
  title?: ReactNode;
  subtitle?: ReactNode;
  /** White background instead of the grouped-list grey (forms, full-screen states). */
  plain?: boolean;
  children?: ReactNode;
  className?: string;
}

/** A screen: clears Telegram's header (safe area) and the bottom nav; lays out sections with gaps. */
export function Page({ title, subtitle, plain, children, className }: PageProps) {
  return (
    <main className={[styles.page, plain ? styles.plain : '', className ?? ''].join(' ')}>
      {title && <h1 className={styles.title}>{title}</h1>}
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      {children}
    </main>
  );
}

interface SectionProps {
  header?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * The small-caps title over a group (what Section puts above its card). Use it alone for a
 * group that is not a card (a form), so every group title in the app looks the same.
 */
export function SectionHeader({ children, className }: { children: ReactNode; className?: string }) {
  return <h2 className={[styles.header, className ?? ''].join(' ')}>{children}</h2>;
}

/** A grouped card of rows with an optional small-caps header and a hint footer. */
export function Section({ header, footer, children, className }: SectionProps) {
  return (
    <section className={[styles.section, className ?? ''].join(' ')}>
      {header && <SectionHeader>{header}</SectionHeader>}
      <div className={styles.card}>{children}</div>
      {footer && <p className={styles.footer}>{footer}</p>}
    </section>
  );
}

/** A coloured square with a white glyph, for `Cell before`. */
export function IconTile({ color, children }: { color: string; children: ReactNode }) {
  return (
    <span className={styles.iconTile} style={{ background: color }} aria-hidden="true">
      {children}
    </span>
  );
}

export { styles as pageStyles };
