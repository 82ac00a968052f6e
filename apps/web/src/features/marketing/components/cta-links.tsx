import { Link } from 'react-router';
import { ArrowRightIcon } from 'lucide-react';
import { paths } from '@/lib/paths';

const base = 'inline-flex items-center justify-center gap-2 rounded-xl px-5 py-3 text-sm font-semibold transition-colors sm:text-base';

export const ctaClass = {
  primary: `${base} bg-brand-700 text-white shadow-lg shadow-brand-700/25 hover:bg-brand-800`,
  secondary: `${base} bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50`,
  inverse: `${base} bg-white text-brand-800 shadow-lg hover:bg-brand-50`,
  ghostInverse: `${base} text-white ring-1 ring-white/40 hover:bg-white/10`,
} as const;

/** A call-to-action link; `arrow` adds a trailing arrow. */
export function CtaLink({
  to,
  variant = 'primary',
  arrow = false,
  children,
}: {
  to: string;
  variant?: keyof typeof ctaClass;
  arrow?: boolean;
  children: string;
}) {
  return (
    <Link to={to} className={ctaClass[variant]}>
      {children}
      {arrow && <ArrowRightIcon className="h-4 w-4 shrink-0" />}
    </Link>
  );
}

/**
 * The two calls every marketing page ends its hero and its closing band with: sign up (with the
 * arrow) and see the pricing; `onDark` for a dark band.
 */
export function SigninPricingLinks({ signin, pricing, onDark = false }: { signin: string; pricing: string; onDark?: boolean }) {
  return (
    <>
      <CtaLink to={paths.signin.getHref()} variant={onDark ? 'inverse' : 'primary'} arrow>
        {signin}
      </CtaLink>
      <CtaLink to={paths.pricing.getHref()} variant={onDark ? 'ghostInverse' : 'secondary'}>
        {pricing}
      </CtaLink>
    </>
  );
}
