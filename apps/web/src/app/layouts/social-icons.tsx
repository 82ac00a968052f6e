import type { ReactNode } from 'react';
import { Icon } from '@/components/ui/icon';

// The social networks' marks in the footer: brand drawings, which lucide does not carry.
const socialPaths = {
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

export type SocialNetwork = keyof typeof socialPaths;

export function SocialIcon({ network, className }: { network: SocialNetwork; className: string }) {
  return (
    <Icon className={`shrink-0 ${className}`} focusable="false">
      {socialPaths[network]}
    </Icon>
  );
}
