import { useReservedTop } from './bannerSpace';
import { hideError, useErrorBannerState } from './errorBanner';
import styles from './ErrorBanner.module.css';

/** Renders the current error message; mounted once by the app (see app/App.tsx). */
export function ErrorBanner() {
  const { message, seq } = useErrorBannerState();
  const reserve = useReservedTop();
  if (!message) return null;
  return (
    <div className={styles.banner} role="alert" key={seq} ref={reserve}>
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
        <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M10 5.5v5.5M10 14v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <p className={styles.text}>{message}</p>
      <button type="button" className={styles.close} onClick={hideError} aria-label="Закрити">
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M1 1l10 10M11 1L1 11" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
