import { BriefcaseIcon, CalendarClockIcon, ChartColumnIcon, HouseIcon, LifeBuoyIcon, type LucideIcon, MapIcon, StarIcon, UserIcon, UsersIcon } from 'lucide-react';

// The signed-in navigation's icons, chosen by each item's `icon` key in app-nav.ts.
const appIcons = {
  home: HouseIcon,
  map: MapIcon,
  briefcase: BriefcaseIcon,
  calendar: CalendarClockIcon,
  chart: ChartColumnIcon,
  star: StarIcon,
  support: LifeBuoyIcon,
  user: UserIcon,
  clients: UsersIcon,
} satisfies Record<string, LucideIcon>;

export type AppIconName = keyof typeof appIcons;

export function AppIcon({ name, className }: { name: AppIconName; className: string }) {
  const Icon = appIcons[name];
  return <Icon className={`shrink-0 ${className}`} />;
}
