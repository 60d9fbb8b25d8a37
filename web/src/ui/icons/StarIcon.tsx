import { Svg, type IconProps } from './Svg';

/** A filled five-pointed star: Telegram Stars. */
export const StarIcon = (p: IconProps) => (
  <Svg fill="currentColor" strokeWidth={1.2} {...p}>
    <path d="M12 3.2l2.6 5.4 5.9.8-4.3 4.1 1.1 5.9L12 16.6l-5.3 2.8 1.1-5.9-4.3-4.1 5.9-.8z" />
  </Svg>
);
