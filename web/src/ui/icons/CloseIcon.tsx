import { Svg, type IconProps } from './Svg';

/** A cross: remove, close. */
export const CloseIcon = (p: IconProps) => (
  <Svg strokeWidth={2.2} {...p}>
    <path d="M5 5l14 14M19 5L5 19" />
  </Svg>
);
