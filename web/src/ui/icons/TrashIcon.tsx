import { Svg, type IconProps } from './Svg';

/** A bin: delete. */
export const TrashIcon = (p: IconProps) => (
  <Svg strokeWidth={1.9} {...p}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12.5a1.5 1.5 0 0 0 1.5 1.5h7a1.5 1.5 0 0 0 1.5-1.5L18 7M9 7V4.5A1.5 1.5 0 0 1 10.5 3h3A1.5 1.5 0 0 1 15 4.5V7" />
  </Svg>
);
