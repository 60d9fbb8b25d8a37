import { Svg, type IconProps } from './Svg';

export const InviteIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="9" cy="8.5" r="3.5" />
    <path d="M2.5 19.5c.6-3.2 3.2-5 6.5-5s5.9 1.8 6.5 5M18.5 8v6M15.5 11h6" />
  </Svg>
);
