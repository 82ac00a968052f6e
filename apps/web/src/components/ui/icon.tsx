import type { SVGProps } from 'react';

/**
 * The outline icon frame every feature draws its icons in: 24×24, stroke in the current
 * text colour, hidden from assistive technology (icons here are always decorative).
 */
export function Icon({ children, className = 'h-5 w-5', ...rest }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
      {...rest}
    >
      {children}
    </svg>
  );
}
