import { Svg, type IconProps } from './Svg';

export const CodeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M8.5 7.5L4 12l4.5 4.5M15.5 7.5L20 12l-4.5 4.5M13.5 5l-3 14" />
  </Svg>
);
