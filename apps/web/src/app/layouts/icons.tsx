import type { ReactNode } from 'react';
import { globePaths, mailPaths } from '../../components/ui/common-icons';
import { Icon as IconFrame } from '../../components/ui/icon';

// Line icons for the layouts, drawn inline so the shell needs no icon library. The public
// site's icons live here (entry bundle); the signed-in shell's are in app-icons.tsx (lazy).
export const publicIconPaths = {
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  mail: mailPaths,
  phone: <path d="M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />,
  globe: globePaths,
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 10.5V17M8 7.5v.01M12 17v-6.5M12 13.5a2.5 2.5 0 0 1 5 0V17" />
    </>
  ),
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5v.01" />
    </>
  ),
  facebook: <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z" />,
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="m10 9 5 3-5 3z" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof publicIconPaths;

export function SvgIcon({ children, className = 'h-5 w-5' }: { children: ReactNode; className?: string | undefined }) {
  return (
    <IconFrame className={`shrink-0 ${className}`} focusable="false">
      {children}
    </IconFrame>
  );
}

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <SvgIcon className={className}>{publicIconPaths[name]}</SvgIcon>;
}
