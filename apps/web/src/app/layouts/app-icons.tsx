import type { ReactNode } from 'react';
import { chartPaths, mapPaths, starPaths, userPaths } from '../../components/ui/common-icons';
import { publicIconPaths, SvgIcon } from './icons';

// Icons of the signed-in shell, loaded with it.
const appIconPaths = {
  ...publicIconPaths,
  home: (
    <>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9.5V20a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9.5" />
    </>
  ),
  map: mapPaths,
  chart: chartPaths,
  star: starPaths,
  support: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="4" />
      <path d="m5.6 5.6 3.6 3.6M14.8 14.8l3.6 3.6M14.8 9.2l3.6-3.6M5.6 18.4l3.6-3.6" />
    </>
  ),
  user: userPaths,
  logout: (
    <>
      <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
      <path d="m10 17-5-5 5-5M5 12h11" />
    </>
  ),
  chevronLeft: <path d="m15 18-6-6 6-6" />,
  chevronRight: <path d="m9 18 6-6-6-6" />,
} satisfies Record<string, ReactNode>;

export type AppIconName = keyof typeof appIconPaths;

export function AppIcon({ name, className }: { name: AppIconName; className?: string }) {
  return <SvgIcon className={className}>{appIconPaths[name]}</SvgIcon>;
}
