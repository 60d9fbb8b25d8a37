import { Svg, type IconProps } from './Svg';

export const EyeIcon = (p: IconProps) => (
  <Svg strokeWidth={2} {...p}>
    <path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);
