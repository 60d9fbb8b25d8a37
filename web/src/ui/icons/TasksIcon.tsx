import { Svg, type IconProps } from './Svg';

export const TasksIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h9L20 9.5v9a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5z" />
    <path d="M14 4v6h6M8 13h8M8 16.5h5" />
  </Svg>
);
