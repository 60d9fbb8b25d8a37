import { Svg, type IconProps } from './Svg';

/** Instant: a task generated automatically. Filled glyph. */
export const BoltIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M13 2.5L4.5 13.5H11l-1 8 8.5-11H12z" fill="currentColor" stroke="none" />
  </Svg>
);
