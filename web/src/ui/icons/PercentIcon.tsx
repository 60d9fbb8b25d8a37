import { Svg, type IconProps } from './Svg';

/** A percent sign: discounts. */
export const PercentIcon = (p: IconProps) => (
  <Svg strokeWidth={2} {...p}>
    <path d="M19 5L5 19" />
    <circle cx="7" cy="7" r="2.5" />
    <circle cx="17" cy="17" r="2.5" />
  </Svg>
);
