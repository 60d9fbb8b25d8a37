import { Svg, type IconProps } from './Svg';

export const DocumentIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 3.5h8l4.5 4.5v12.5H6z" />
    <path d="M13.5 3.5V8.5h5M9 12.5h6M9 16h6" />
  </Svg>
);
