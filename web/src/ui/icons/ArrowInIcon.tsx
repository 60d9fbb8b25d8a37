import { Svg, type IconProps } from './Svg';

/** Money coming in. */
export const ArrowInIcon = (p: IconProps) => (
  <Svg strokeWidth={2} {...p}>
    <path d="M17 7L7 17M7 9v8h8" />
  </Svg>
);
