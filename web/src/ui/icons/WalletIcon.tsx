import { Svg, type IconProps } from './Svg';

export const WalletIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3.5 7.5A2.5 2.5 0 0 1 6 5h11.5v3" />
    <rect x="3.5" y="7.5" width="17" height="12" rx="2.5" />
    <path d="M16 13.5h1.5" strokeWidth={2.6} />
  </Svg>
);
