/**
 * What every icon shares: a 24x24 outline glyph in currentColor, inline (nothing fetched at
 * run time). One file per icon, so each lands only in the chunks of the screens drawing it:
 * the first screen carries the bottom navigation's four, not every icon of every screen.
 */
import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function Svg({ size = 24, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.9}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    >
      {children}
    </svg>
  );
}
