import { Svg, type IconProps } from './Svg';

export const ChatIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M20 11.5a7.5 7 0 0 1-10.9 6.3L4.5 19l1.2-3.6A7.5 7 0 1 1 20 11.5z" />
  </Svg>
);
