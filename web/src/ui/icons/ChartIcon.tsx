import { Svg, type IconProps } from './Svg';

/** Figures and charts: the admin dashboard. */
export const ChartIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 20V10M10 20V4M16 20v-7M21 20H3" />
  </Svg>
);
