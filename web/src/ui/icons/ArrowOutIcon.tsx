import { Svg, type IconProps } from './Svg';

/** Money going out. */
export const ArrowOutIcon = (p: IconProps) => (
  <Svg strokeWidth={2} {...p}>
    <path d="M7 17L17 7M9 7h8v8" />
  </Svg>
);
