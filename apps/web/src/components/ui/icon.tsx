import type { SVGProps } from 'react';

/**
 * The outline frame for the brand marks no icon library draws (Google's "G", the social
 * networks), matching lucide's icons: 24×24, stroke in the current text colour, hidden from
 * assistive technology (they are always decorative). Generic glyphs come from lucide-react.
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
