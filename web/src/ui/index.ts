/** The shared UI kit: import from 'ui' only (see docs/WEB.md for one-line usage of each). */
export { Page, Section, IconTile } from './Page';
export { Cell, Chevron } from './Cell';
export { Button, FixedBottomButton, type ButtonProps } from './Button';
export { Input, TextArea, Checkbox, Switch } from './Field';
export { Spinner, FullScreenSpinner } from './Spinner';
export { SkeletonRows, SkeletonBar } from './Skeleton';
export { EmptyState } from './EmptyState';
export { Lottie, type LottieName } from './Lottie';
export { ErrorBanner } from './ErrorBanner';
export { useErrorBanner, showError, hideError } from './errorBanner';
export { ConfirmDialog } from './ConfirmDialog';
export { ContextMenu, type ContextMenuItem } from './ContextMenu';
export { Slider } from './Slider';
export { clampSnap, sliderMarks } from './slider';
export { Tabs, type TabItem } from './Tabs';
export { BottomNav, NAV_ITEMS, activeTab } from './BottomNav';
export * from './icons';
