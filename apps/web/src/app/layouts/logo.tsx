import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';

/** The RankMaps mark: a pin over a grid of scan points. Decorative; the wordmark names it. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  const gradient = useId();
  return (
    <svg viewBox="0 0 32 32" className={`shrink-0 ${className}`} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2563eb" />
          <stop offset="1" stopColor="#0891b2" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      {[7, 16, 25].flatMap((y) =>
        [7, 16, 25].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" fill="#fff" opacity={x === 16 && y !== 25 ? 0 : 0.55} />),
      )}
      <path d="M16 6.5a5.6 5.6 0 0 0-5.6 5.6c0 4.2 5.6 10.1 5.6 10.1s5.6-5.9 5.6-10.1A5.6 5.6 0 0 0 16 6.5Z" fill="#fff" />
      <circle cx="16" cy="12.1" r="2.1" fill="#1d4ed8" />
    </svg>
  );
}

/** The logo linking home; `compact` shows the mark alone (collapsed sidebar). */
export function Logo({ compact = false, tone = 'dark', to = paths.root.getHref() }: { compact?: boolean; tone?: 'dark' | 'light'; to?: string }) {
  const { t } = useTranslation();
  // The wordmark's second word ("Maps") takes the brand colour.
  const [first, ...rest] = t('brand').split(/(?=[A-Z])/);
  return (
    <Link to={to} aria-label={t('logoHome')} className="inline-flex items-center gap-2.5 rounded-lg">
      <LogoMark />
      {!compact && (
        <span className={`text-xl font-bold tracking-tight ${tone === 'dark' ? 'text-slate-900' : 'text-white'}`}>
          {first}
          <span className={tone === 'dark' ? 'text-brand-600' : 'text-brand-300'}>{rest.join('')}</span>
        </span>
      )}
    </Link>
  );
}
